/**
 * A rolling restart of the distributed start under load: 20 clients keep reading through the gateway (GET
 * /api/user/me, /api/products, and a read served by each other service) while each service in turn gets SIGTERM,
 * stops, and is started again by the launcher (the next one only once the last is ready). Every request must be
 * answered with a 200.
 *
 * The gateway is the one entry point and is not restarted: with one gateway process, nothing could take its
 * connections while it restarts.
 */
import { ChaosCluster, SERVICES, ms, type Restart } from './support/chaos-cluster';
import {
  createProduct,
  makeDemoVideo,
  registerVideo,
  until,
  uploadVideo,
  videosOf,
} from './support/product-flows';
import { User, expectStatus, type Answer } from './support/user';

const CLIENTS = 20;
/** Load before the first and after the last restart, and between one service ready and the next SIGTERM. */
const SETTLE_MS = 1000;

/** A read the web client makes, served by `service` behind the gateway's session check at identity. */
interface Read {
  service: string;
  path: string;
}

interface Outcome {
  at: number;
  /** The service whose read it was. */
  read: string;
  /** 'network error: ECONNRESET' when no answer came. */
  answer: string;
}

describe('chaos: a rolling SIGTERM restart of every service under load', () => {
  let chaos: ChaosCluster;

  beforeAll(async () => {
    chaos = await ChaosCluster.start({ label: 'chaos_rolling', logLevel: 'warn' });
  }, 180_000);

  afterAll(async () => {
    await chaos?.stop();
  }, 60_000);

  it(`should answer every request of ${CLIENTS} clients with a 200 while each service is stopped with SIGTERM and restarted`, async () => {
    const user = new User(chaos.url);
    await user.signUp('Barbara Liskov');
    const reads = await readsOfEveryService(user);

    const outcomes: Outcome[] = [];
    let loading = true;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = client; loading; turn += 1) {
        const read = reads[turn % reads.length] as Read;
        const answer = await user.call('GET', read.path);
        outcomes.push({
          at: Date.now(),
          read: read.service,
          answer: answerOf(answer),
        });
      }
    });

    const restarts: Array<{ service: string; signalledAt: number; restart: Restart }> = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      for (const service of SERVICES) {
        const term = chaos.signal(service, 'SIGTERM', 'rolling restart under load');
        restarts.push({
          service,
          signalledAt: term.at,
          restart: await chaos.restarted(service, term.pid, term.at),
        });
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    } finally {
      loading = false;
      await Promise.all(clients);
    }

    const failures = outcomes.filter((outcome) => outcome.answer !== '200');
    // Split by phase: while the old process drains (SIGTERM to exit), while none runs (exit to ready), after.
    const report = restarts.map(({ service, signalledAt, restart }, index) => {
      const next = restarts[index + 1]?.signalledAt ?? Infinity;
      const within = (from: number, to: number) =>
        failures.filter((failure) => failure.at >= from && failure.at < to);
      const phases = {
        draining: within(signalledAt, restart.exitedAt),
        down: within(restart.exitedAt, restart.readyAt),
        after: within(restart.readyAt, next),
      };
      const counted = Object.entries(phases)
        .filter(([, during]) => during.length > 0)
        .map(([phase, during]) => `${phase} ${JSON.stringify(countBy(during, true))}`);
      const last = phases.after.at(-1);
      if (last) counted.push(`the last ${ms(last.at - restart.readyAt)} after it was ready`);
      return (
        `  ${service.padEnd(9)} exit ${restart.exit.padEnd(7)} stopped in ${ms(restart.exitedAt - signalledAt).padStart(7)}, ` +
        `ready again ${ms(restart.readyAt - signalledAt).padStart(7)} after SIGTERM; not 200: ${counted.join(', ') || 'none'}`
      );
    });
    process.stdout.write(
      `\nrolling restart: ${outcomes.length} requests, ${failures.length} not 200 ${JSON.stringify(countBy(failures))}\n${report.join('\n')}\n`,
    );

    expect(countBy(outcomes)).toEqual({ '200': outcomes.length });
    expect(outcomes.length).toBeGreaterThan(CLIENTS * SERVICES.length * 2);
  }, 420_000);
});

/** A product with an analysed video, and one read of it (or of the user) from each service. */
async function readsOfEveryService(user: User): Promise<Read[]> {
  const productId = await createProduct(user, 'Abstraction Shop');
  const video = await makeDemoVideo();
  try {
    const storageKey = await uploadVideo(user, productId, video);
    expectStatus(await registerVideo(user, productId, storageKey, video), 201, 'register video');
  } finally {
    video.remove();
  }
  const [analysed] = await until(
    () => videosOf(user, productId),
    (videos) => videos[0]?.analysisStatus === 'page_specs_ready',
    240_000,
    'video analysed',
    500,
  );
  const reads: Read[] = [
    { service: 'identity', path: '/api/user/me' },
    { service: 'catalog', path: '/api/products' },
    { service: 'media', path: `/api/products/${productId}/videos` },
    { service: 'analysis', path: `/api/videos/${analysed?.id}/page-specs` },
    { service: 'planning', path: `/api/products/${productId}/tracking-plans` },
    { service: 'chat', path: `/api/chat-sessions?productId=${productId}` },
    { service: 'billing', path: '/api/user/subscription' },
  ];
  for (const read of reads)
    expectStatus(await user.call('GET', read.path), 200, `${read.service} ${read.path}`);
  return reads;
}

/** Outcomes by answer, or by answer and the service read. */
function countBy(outcomes: Outcome[], withRead = false): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { answer, read } of outcomes) {
    const key = withRead ? `${answer} (${read})` : answer;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** '200', or what a failure said: '503 The identity service is unavailable. ...', 'network error: ECONNRESET'. */
function answerOf(answer: Answer): string {
  if (answer.status === 0) return `network error: ${answer.error}`;
  if (answer.status === 200) return '200';
  const message = typeof answer.body === 'object' && answer.body !== null ? answer.body.message : answer.body;
  return `${answer.status} ${String(message).slice(0, 80)}`;
}
