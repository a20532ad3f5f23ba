/**
 * A chat process killed while it answers a question: the job's lease runs out, the next process takes it
 * over and answers once. A real process, SIGKILL, and the run's real database (a PGlite folder, or
 * PostgreSQL with DATABASE_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { loadConfig, rowsOf, type RunningService } from '@tracklens/kit';
import { eventually, startLoggingChild, tempDir, type LoggingChild } from '@tracklens/kit/testing';
import { chatSubjects, type ChatMessage } from '@tracklens/contracts';
import { createChatService } from '../src/service';
import { chatJobs } from '../src/db/schema';
import { fixture } from './fixtures';
import { TEST_JOBS, startWorld, type World } from './support/world';

describe('chat crash and resume', () => {
  const dir = tempDir('chat-crash-');
  let world: World;
  let child: LoggingChild | undefined;
  let second: RunningService | undefined;

  beforeAll(async () => {
    world = await startWorld('crash');
  });

  afterAll(async () => {
    child?.kill();
    await second?.stop();
    await world.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const CASES = [
    {
      chatType: 'analytics_strategy',
      route: 'generate-analytics-strategy',
      question: 'Which KPIs should I watch?',
      subject: chatSubjects.strategyCompleted,
    },
    {
      chatType: 'user_flow',
      route: 'generate-user-flow',
      question: 'Show the main user flow',
      subject: chatSubjects.userFlowCompleted,
    },
  ] as const;

  it.each(CASES)(
    'should answer a $chatType question whose process was killed mid-answer in the next process, once',
    async (testCase) => {
      const env = {
        ...world.chatEnv,
        APP_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(dir, testCase.chatType),
      };
      const caller = world.caller();
      const shop = fixture('shop');
      const product = await world.product(caller, shop.product);
      await world.plan(caller, product.id, shop.analysis);

      child = startLoggingChild(
        path.join(__dirname, 'support', 'chat-child.ts'),
        path.join(__dirname, '..'),
        {
          CHAT_CHILD_ARGS: JSON.stringify({ env, leaseMs: TEST_JOBS.leaseMs }),
        },
      );
      await child.logged('chat child ready');
      const first = `http://127.0.0.1:${world.config.services.chat.httpPort}`;
      const { body: session } = await request(first)
        .post('/api/chat-sessions')
        .set('Cookie', caller.cookie)
        .send({ productId: product.id, chatType: testCase.chatType });
      const started = await request(first)
        .post(`/api/products/${product.id}/${testCase.route}`)
        .set('Cookie', caller.cookie)
        .send({ sessionId: session.id, userMessage: testCase.question });
      expect(started.status).toBe(202);
      const { jobId } = started.body as { jobId: string };
      await child.logged('answer held');
      child.process.kill('SIGKILL');
      expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });

      second = await createChatService({ config: loadConfig(env), inMemoryDatabase: false, jobs: TEST_JOBS });
      const base = `http://127.0.0.1:${second.httpPort}`;
      await eventually(async () => {
        const jobs = await request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', caller.cookie);
        expect(jobs.body[0]).toMatchObject({ id: jobId, status: 'completed', progress: 100 });
      }, 30_000);

      const thread = await request(base)
        .get('/api/chat-messages')
        .query({ sessionId: session.id })
        .set('Cookie', caller.cookie);
      expect((thread.body as ChatMessage[]).map((m) => m.role)).toEqual(['user', 'assistant']);
      const [job] = await second.runtime.db.select().from(chatJobs).where(eq(chatJobs.id, jobId));
      expect(job?.type).toBe(testCase.chatType);
      expect(job?.result).not.toBeNull();
      const completed = rowsOf<{ count: number }>(
        await second.runtime.db.execute(
          sql`select count(*)::int as count from outbox
            where subject = ${testCase.subject} and envelope->'data'->>'jobId' = ${jobId}`,
        ),
      );
      expect(completed[0]).toEqual({ count: 1 });
      expect(await world.analyticsMessages(caller.userId)).toBe(1);
      await second.stop();
      second = undefined;
    },
    120_000,
  );
});
