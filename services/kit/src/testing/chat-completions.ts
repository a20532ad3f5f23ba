/** A local HTTP server speaking OpenAI's chat completions API with scripted replies, for the SDK under test to talk to. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Closes the connection without an answer. */
  drop?: boolean;
}

export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  at: number;
}

export interface ScriptedChatCompletions {
  /** Every request received, in order. */
  seen: SeenRequest[];
  /** The base URL to give the SDK (…/v1). */
  baseUrl: string;
  close(): Promise<void>;
}

/** Answers each request with the next reply of the script; a 500 once the script is used up. */
export async function scriptedChatCompletions(replies: ScriptedReply[]): Promise<ScriptedChatCompletions> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw || '{}'),
        at: Date.now(),
      });
      const reply = replies.shift() ?? { status: 500, body: { error: { message: 'no scripted reply' } } };
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      res
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a completed chat completion whose message content is `content`. */
export function chatCompletion(
  content: string | null,
  extra: { refusal?: string; finishReason?: string } = {},
): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: extra.refusal ?? null },
        finish_reason: extra.finishReason ?? 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
  };
}
