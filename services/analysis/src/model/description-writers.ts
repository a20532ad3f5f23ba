/** Descriptions of screens the user adds: improved by an OpenAI-compatible model, or kept as written offline. */
import OpenAI from 'openai';
import { z } from 'zod';
import type { DescriptionWriter } from '../domain/ports';

/** Without a model the user's own words are the description. */
export const keepDescription: DescriptionWriter = {
  improve: async ({ description }) => description,
};

export interface ModelDescriptionWriterOptions {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  maxRetries?: number;
  timeoutMs?: number;
  logger: { info(details: object, message: string): void };
}

const DESCRIPTION_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['description'],
  properties: { description: { type: 'string', description: 'The improved description, two or three sentences' } },
} as const;

const answerSchema = z.object({ description: z.string().trim().min(1).max(5000) });

const INSTRUCTIONS = [
  'You improve the description of one screen of a digital product for its page specification.',
  "Keep the user's meaning; say what the screen is for, what it shows and what the user can do there.",
  'Use the visible elements when given. Never invent features beyond what the user wrote and the elements show.',
].join('\n');

/** One chat completion with a strict JSON-schema answer; the SDK retries 429 and 5xx. */
export function modelDescriptionWriter(options: ModelDescriptionWriterOptions): DescriptionWriter {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 3,
    timeout: options.timeoutMs ?? 30_000,
  });
  return {
    async improve({ screenName, description, elements, otherScreens }) {
      const facts = [
        `Screen name: ${screenName}`,
        `Description by the user: ${description}`,
        elements.length ? `Visible elements: ${elements.map((element) => `${element.kind} "${element.label}"`).join(', ')}` : '',
        otherScreens.length ? `Other screens of the product: ${otherScreens.join(', ')}` : '',
      ].filter(Boolean);
      const completion = await client.chat.completions.create({
        model: options.model,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: facts.join('\n') },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'screen_description', strict: true, schema: DESCRIPTION_JSON_SCHEMA } },
      });
      options.logger.info(
        { model: completion.model, promptTokens: completion.usage?.prompt_tokens, completionTokens: completion.usage?.completion_tokens },
        'description model usage',
      );
      const text = completion.choices[0]?.message.content;
      if (!text) throw new Error('The model answered without content');
      return answerSchema.parse(JSON.parse(text)).description;
    },
  };
}
