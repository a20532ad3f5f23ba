import { z } from 'zod';
import { createLogger } from './logger';
import { chatCompletion, scriptedChatCompletions as chatServer, type ScriptedReply } from './testing/chat-completions';
import { ModelAnswerError, createModelClient, type ModelClientOptions, type ModelContentPart, type ModelTask } from './model';

type Reply = ScriptedReply;

const completion = (content: string | null, extra: { refusal?: string; finishReason?: string } = {}): Reply => ({
  status: 200,
  body: chatCompletion(content, extra),
});

const failure = (status: number, headers: Record<string, string> = {}): Reply => ({ status, body: { error: { message: `failed with ${status}` } }, headers });

const screenSchema = z.object({ screen_name: z.string(), buttons: z.array(z.string()) });
const screen = { screen_name: 'Cart', buttons: ['Checkout'] };
const task: ModelTask<z.infer<typeof screenSchema>> = { name: 'screen', instructions: 'Name the screen.', schema: screenSchema };
const frame: ModelContentPart[] = [
  { type: 'text', text: 'Frame 1:' },
  { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/AA==', detail: 'low' } },
];

describe(createModelClient.name, () => {
  let server: Awaited<ReturnType<typeof chatServer>>;
  const logger = createLogger('model-spec', 'silent');

  function client(overrides: Partial<ModelClientOptions> = {}) {
    return createModelClient({ apiKey: 'sk-test', baseUrl: server.baseUrl, model: 'test-model', logger, baseDelayMs: 10, ...overrides });
  }

  afterEach(async () => {
    jest.restoreAllMocks();
    await server.close();
  });

  it('should send the instructions, the input and a strict JSON-schema response format derived from the zod schema, and answer the parsed object', async () => {
    server = await chatServer([completion(JSON.stringify(screen))]);
    const answer = await client().structured({ ...task, maxTokens: 500, temperature: 0.2 }, frame);

    expect(answer).toEqual(screen);
    expect(server.seen).toHaveLength(1);
    const [request] = server.seen;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Name the screen.' },
        { role: 'user', content: frame },
      ],
      temperature: 0.2,
      max_completion_tokens: 500,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'screen',
          strict: true,
          schema: expect.objectContaining({
            type: 'object',
            additionalProperties: false,
            required: ['screen_name', 'buttons'],
            properties: { screen_name: { type: 'string' }, buttons: { type: 'array', items: { type: 'string' } } },
          }),
        },
      },
    });
  });

  it('should send a given JSON schema as it is and validate the answer with the zod schema', async () => {
    const jsonSchema = { type: 'object', additionalProperties: false, required: ['screen_name', 'buttons'], properties: { screen_name: { type: 'string', description: 'Title Case' }, buttons: { type: 'array', items: { type: 'string' } } } };
    server = await chatServer([completion(JSON.stringify(screen))]);
    await expect(client().structured({ ...task, jsonSchema }, 'Frame 1')).resolves.toEqual(screen);
    expect(server.seen[0]?.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'screen', strict: true, schema: jsonSchema } });
  });

  it('should log the token usage of the call at info', async () => {
    server = await chatServer([completion(JSON.stringify(screen))]);
    const info = jest.spyOn(logger, 'info');
    await client().structured(task, frame, { logFields: { frames: 1 } });
    expect(info).toHaveBeenCalledWith(
      { model: 'test-model', schema: 'screen', attempts: 1, promptTokens: 120, completionTokens: 30, totalTokens: 150, frames: 1 },
      'model usage',
    );
  });

  it('should retry a 429 after the time its Retry-After asks for', async () => {
    server = await chatServer([failure(429, { 'retry-after': '1' }), completion(JSON.stringify(screen))]);
    const warn = jest.spyOn(logger, 'warn');
    await expect(client().structured(task, frame)).resolves.toEqual(screen);
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen;
    // The backoff alone would wait at most 10 ms.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ schema: 'screen', attempt: 1, status: 429, delayMs: 1000 }), 'model call failed, retrying');
  });

  it('should retry two 500s with growing waits and then answer', async () => {
    server = await chatServer([failure(500), failure(500), completion(JSON.stringify(screen))]);
    const info = jest.spyOn(logger, 'info');
    const warn = jest.spyOn(logger, 'warn');
    await expect(client({ baseDelayMs: 100 }).structured(task, frame)).resolves.toEqual(screen);
    expect(server.seen).toHaveLength(3);
    const delays = warn.mock.calls.map((call) => (call[0] as { delayMs: number }).delayMs);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ attempts: 3 }), 'model usage');
  });

  it('should retry a dropped connection', async () => {
    server = await chatServer([{ drop: true, status: 0, body: null }, completion(JSON.stringify(screen))]);
    await expect(client().structured(task, frame)).resolves.toEqual(screen);
    expect(server.seen).toHaveLength(2);
  });

  it('should give up with the API error once its attempts are spent', async () => {
    server = await chatServer([failure(503), failure(503), failure(503), completion(JSON.stringify(screen))]);
    await expect(client({ maxAttempts: 3 }).structured(task, frame)).rejects.toMatchObject({ status: 503 });
    expect(server.seen).toHaveLength(3);
  });

  it('should never retry a 400', async () => {
    server = await chatServer([failure(400), completion(JSON.stringify(screen))]);
    await expect(client().structured(task, frame)).rejects.toMatchObject({ status: 400 });
    expect(server.seen).toHaveLength(1);
  });

  it('should not hold the caller for a Retry-After longer than its limit', async () => {
    server = await chatServer([failure(429, { 'retry-after': '3600' }), completion(JSON.stringify(screen))]);
    await expect(client().structured(task, frame)).rejects.toMatchObject({ status: 429 });
    expect(server.seen).toHaveLength(1);
  });

  it('should stop waiting for a retry when the caller aborts', async () => {
    server = await chatServer([failure(429, { 'retry-after': '30' }), completion(JSON.stringify(screen))]);
    const controller = new AbortController();
    // Aborted once the first answer came, while the client waits out its Retry-After (a fixed delay would abort
    // before the first request on a busy machine).
    const abortWhileWaiting = setInterval(() => {
      if (server.seen.length > 0) controller.abort();
    }, 5);
    const started = Date.now();
    await expect(client().structured(task, frame, { signal: controller.signal })).rejects.toThrow();
    clearInterval(abortWhileWaiting);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.seen).toHaveLength(1);
  });

  it('should reject an answer that does not follow the schema, without retrying', async () => {
    server = await chatServer([completion(JSON.stringify({ screen_name: 'Cart' })), completion(JSON.stringify(screen))]);
    const answer = client().structured(task, frame);
    await expect(answer).rejects.toBeInstanceOf(ModelAnswerError);
    await expect(answer).rejects.toMatchObject({ problem: 'invalid', message: expect.stringContaining('buttons') });
    expect(server.seen).toHaveLength(1);
  });

  it('should reject an answer that is not JSON', async () => {
    server = await chatServer([completion('{"screen_name": "Ca')]);
    await expect(client().structured(task, frame)).rejects.toMatchObject({ problem: 'invalid' });
  });

  it('should reject a refusal with its reason', async () => {
    server = await chatServer([completion(null, { refusal: 'I cannot help with that.' })]);
    await expect(client().structured(task, frame)).rejects.toMatchObject({
      problem: 'refusal',
      message: 'The model refused the screen answer: I cannot help with that.',
    });
  });

  it('should reject an answer cut off at the token limit', async () => {
    server = await chatServer([completion('{"screen_name": "Ca', { finishReason: 'length' })]);
    await expect(client().structured({ ...task, maxTokens: 5 }, frame)).rejects.toMatchObject({ problem: 'truncated' });
  });
});
