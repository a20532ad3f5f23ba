/** A local HTTP server that speaks OpenAI's chat completions API with structured outputs, for the SDK to talk to. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
}

export interface ChatCompletionsServer {
  baseUrl: string;
  /** Every request body received, including the ones answered with an error. */
  requests: ChatRequest[];
  /** Answer the next n requests with 429 (Retry-After 10 ms). */
  rateLimitNext(n: number): void;
  close(): Promise<void>;
}

/** answer: the JSON the model "writes" for a request (it becomes the message content). */
export async function startChatCompletionsServer(answer: (request: ChatRequest) => unknown): Promise<ChatCompletionsServer> {
  const requests: ChatRequest[] = [];
  let limited = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      requests.push(body);
      if (limited > 0) {
        limited -= 1;
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '10' })
          .end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }));
        return;
      }
      const content = JSON.stringify(answer(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    rateLimitNext: (n) => {
      limited = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The frames of a screens request: their numbers and times, as the understander labels them. */
export function framesOf(request: ChatRequest): Array<{ frame: number; timeSec: number }> {
  const user = request.messages.find((message) => message.role === 'user');
  const parts = Array.isArray(user?.content) ? user.content : [];
  return parts.flatMap((part) => {
    const match = typeof part.text === 'string' ? /^Frame (\d+) at ([\d.]+) s/.exec(part.text) : null;
    return match ? [{ frame: Number(match[1]), timeSec: Number(match[2]) }] : [];
  });
}

export function imagesOf(request: ChatRequest): Array<{ url: string; detail?: string }> {
  const user = request.messages.find((message) => message.role === 'user');
  const parts = Array.isArray(user?.content) ? user.content : [];
  return parts.filter((part) => part.type === 'image_url').map((part) => part.image_url as { url: string; detail?: string });
}
