/**
 * The chat bench's load generator, run as its own process so its work does not share the product's event
 * loop: it times strategy jobs from request to completed (polling the jobs list every 10 ms) and then
 * posts chat messages one after another. Reads its task from CHAT_LOAD_ARGS, prints one JSON line.
 */
import { call } from '../support/api';

interface LoadArgs {
  base: string;
  cookie: string;
  productId: string;
  sessionIds: string[];
  question: string;
  posts: number;
}

interface Job {
  id: string;
  status: string;
  result: { table: unknown[] } | null;
}

async function strategyRun(args: LoadArgs, sessionId: string): Promise<{ ms: number; metrics: number }> {
  const started = performance.now();
  const { jobId } = (await call(
    `${args.base}/api/products/${args.productId}/generate-analytics-strategy`,
    args.cookie,
    {
      method: 'POST',
      body: { sessionId, userMessage: args.question, conversationHistory: '' },
    },
  )) as { jobId: string };
  for (;;) {
    const jobs = (await call(`${args.base}/api/products/${args.productId}/jobs`, args.cookie)) as Job[];
    const job = jobs.find((candidate) => candidate.id === jobId);
    if (job?.status === 'completed')
      return { ms: performance.now() - started, metrics: job.result?.table.length ?? 0 };
    if (job?.status === 'failed') throw new Error(`strategy job ${jobId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function main(): Promise<void> {
  const args = JSON.parse(process.env.CHAT_LOAD_ARGS ?? '{}') as LoadArgs;
  const strategies: Array<{ ms: number; metrics: number }> = [];
  for (const sessionId of args.sessionIds) strategies.push(await strategyRun(args, sessionId));

  const posts: number[] = [];
  const sessionId = args.sessionIds[0];
  for (let n = 0; n < args.posts; n++) {
    const started = performance.now();
    await call(`${args.base}/api/chat-messages`, args.cookie, {
      method: 'POST',
      body: { sessionId, message: `How do I read metric ${n + 1}?` },
    });
    posts.push(performance.now() - started);
  }
  process.stdout.write(`${JSON.stringify({ strategies, posts })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
