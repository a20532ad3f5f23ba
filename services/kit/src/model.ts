/**
 * Structured answers from an OpenAI-compatible chat completions API: a strict JSON-schema response format,
 * the answer validated with zod, retries of rate limits, server errors and dropped connections with
 * exponential backoff (Retry-After honoured), and the token usage of every call logged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletion, ChatCompletionContentPart, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Logger } from './logger';

/** A part of the user message: text, or an image (`image_url` with a data: URL) for a vision model. */
export type ModelContentPart = ChatCompletionContentPart;

export interface ModelClientOptions {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Attempts of one call, the first included (default 4). */
  maxAttempts?: number;
  /** Time limit of one attempt (default 2 minutes); a call may set its own. */
  timeoutMs?: number;
  /** Wait before the first retry, doubled for each next one up to maxDelayMs (defaults 500 ms and 8 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A longer Retry-After than this ends the retries instead of holding the caller (default 60 s). */
  maxRetryAfterMs?: number;
}

/** One kind of question to a model, the same for every call: what it is told and the answer it must give. */
export interface ModelTask<T> {
  /** The response format's name (letters, digits, '_' and '-'); also logged with the usage. */
  name: string;
  /** The system message. */
  instructions: string;
  /** Validates (and may transform) the answer. */
  schema: z.ZodType<T>;
  /**
   * The JSON schema sent to the model; when absent it is derived from `schema` (which then must not
   * transform). Give it when the model needs descriptions or the validator is looser or stricter.
   */
  jsonSchema?: Record<string, unknown>;
  temperature?: number;
  maxTokens?: number;
  /** Time limit of one attempt; the client's when absent. */
  timeoutMs?: number;
}

export interface ModelCallOptions {
  signal?: AbortSignal | undefined;
  /** Extra fields of the usage log line. */
  logFields?: Record<string, unknown>;
}

export interface ModelClient {
  readonly model: string;
  /**
   * The model's answer to `input` (the user message: text, or text and images), validated; throws the API
   * error once retries are spent, or a ModelAnswerError.
   */
  structured<T>(task: ModelTask<T>, input: string | ModelContentPart[], options?: ModelCallOptions): Promise<T>;
}

export type ModelAnswerProblem = 'refusal' | 'truncated' | 'empty' | 'invalid';

/** The model answered, but not with something usable; retrying the same request is unlikely to help. */
export class ModelAnswerError extends Error {
  constructor(
    readonly problem: ModelAnswerProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ModelAnswerError';
  }
}

export function createModelClient(options: ModelClientOptions): ModelClient {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  // The SDK's own retries are off: they would multiply ours and their waits ignore the caller's signal.
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: 0,
    timeout: options.timeoutMs ?? 120_000,
  });
  const { logger, model } = options;

  /** The wait before the next attempt, or null when the error is not worth retrying. */
  function retryDelayMs(error: unknown, attempt: number): number | null {
    if (error instanceof APIUserAbortError) return null;
    const backoff = Math.min(baseDelayMs * 2 ** (attempt - 1), maxDelayMs) * (0.5 + Math.random() / 2);
    if (error instanceof APIConnectionError) return backoff;
    if (!(error instanceof APIError) || !isTransient(error.status)) return null;
    const asked = retryAfterMs(error.headers);
    if (asked === null) return backoff;
    return asked <= maxRetryAfterMs ? asked : null;
  }

  return {
    model,
    async structured<T>(task: ModelTask<T>, input: string | ModelContentPart[], call: ModelCallOptions = {}): Promise<T> {
      const { name } = task;
      const { signal } = call;
      const body: ChatCompletionCreateParamsNonStreaming = {
        model,
        messages: [
          { role: 'system', content: task.instructions },
          { role: 'user', content: input },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name, strict: true, schema: task.jsonSchema ?? zodResponseFormat(task.schema, name).json_schema.schema },
        },
        ...(task.temperature !== undefined ? { temperature: task.temperature } : {}),
        ...(task.maxTokens !== undefined ? { max_completion_tokens: task.maxTokens } : {}),
      };
      let completion: ChatCompletion | undefined;
      let attempt = 0;
      while (!completion) {
        attempt += 1;
        try {
          completion = await client.chat.completions.create(body, {
            ...(signal ? { signal } : {}),
            ...(task.timeoutMs !== undefined ? { timeout: task.timeoutMs } : {}),
          });
        } catch (error) {
          const delayMs = retryDelayMs(error, attempt);
          if (delayMs === null || attempt >= maxAttempts || signal?.aborted) throw error;
          logger.warn(
            { model, schema: name, attempt, status: error instanceof APIError ? error.status : undefined, delayMs: Math.round(delayMs), err: error },
            'model call failed, retrying',
          );
          await sleep(delayMs, undefined, signal ? { signal } : {});
        }
      }
      const usage = completion.usage;
      logger.info(
        {
          model: completion.model,
          schema: name,
          attempts: attempt,
          promptTokens: usage?.prompt_tokens,
          completionTokens: usage?.completion_tokens,
          totalTokens: usage?.total_tokens,
          ...call.logFields,
        },
        'model usage',
      );
      return answerOf(completion, task.schema, name);
    },
  };
}

function isTransient(status: number | undefined): boolean {
  return status === 408 || status === 429 || (status !== undefined && status >= 500);
}

/** OpenAI's retry-after-ms, else the standard Retry-After in seconds or as an HTTP date. */
function retryAfterMs(headers: Headers | undefined): number | null {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function answerOf<T>(completion: ChatCompletion, schema: z.ZodType<T>, name: string): T {
  const choice = completion.choices[0];
  const refusal = choice?.message.refusal;
  if (refusal) throw new ModelAnswerError('refusal', `The model refused the ${name} answer: ${refusal}`);
  if (choice?.finish_reason === 'content_filter') throw new ModelAnswerError('refusal', `The model's ${name} answer was stopped by its content filter`);
  if (choice?.finish_reason === 'length') throw new ModelAnswerError('truncated', `The model's ${name} answer was cut off at its token limit`);
  const content = choice?.message.content;
  if (!content) throw new ModelAnswerError('empty', `The model answered no ${name} (finish reason ${choice?.finish_reason ?? 'none'})`);
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new ModelAnswerError('invalid', `The model's ${name} answer is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ModelAnswerError('invalid', `The model's ${name} answer does not follow its schema: ${z.prettifyError(parsed.error).slice(0, 1000)}`);
  }
  return parsed.data;
}
