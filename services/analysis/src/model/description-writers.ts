/** Descriptions of screens the user adds: improved by an OpenAI-compatible model, or kept as written offline. */
import type { ModelClient, ModelTask } from '@tracklens/kit';
import { z } from 'zod';
import type { DescriptionWriter } from '../domain/ports';

/** Without a model the user's own words are the description. */
export const keepDescription: DescriptionWriter = {
  improve: async ({ description }) => description,
};

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

/** The user waits for this answer: each attempt has 30 seconds. */
const DESCRIPTION_TASK: ModelTask<z.infer<typeof answerSchema>> = {
  name: 'screen_description',
  instructions: INSTRUCTIONS,
  schema: answerSchema,
  jsonSchema: DESCRIPTION_JSON_SCHEMA,
  timeoutMs: 30_000,
};

/** One structured model call per description. */
export function modelDescriptionWriter(client: ModelClient): DescriptionWriter {
  return {
    async improve({ screenName, description, elements, otherScreens }) {
      const facts = [
        `Screen name: ${screenName}`,
        `Description by the user: ${description}`,
        elements.length ? `Visible elements: ${elements.map((element) => `${element.kind} "${element.label}"`).join(', ')}` : '',
        otherScreens.length ? `Other screens of the product: ${otherScreens.join(', ')}` : '',
      ].filter(Boolean);
      const answer = await client.structured(DESCRIPTION_TASK, facts.join('\n'));
      return answer.description;
    },
  };
}
