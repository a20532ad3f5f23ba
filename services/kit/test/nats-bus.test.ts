import { randomUUID } from 'node:crypto';
import { connectNatsBus, createEnvelope, type EventEnvelope } from '../src';
import { eventually, externalNatsUrl, silentLogger } from '../src/testing';

/**
 * Deployments sharing one NATS server: each one's prefix keeps its events to itself. Runs where the run has a
 * NATS server (the integration pass, NATS_URL); the in-process bus has no server to share.
 */
const describeOnNats = externalNatsUrl ? describe : describe.skip;

describeOnNats('NATS bus namespaces', () => {
  const url = externalNatsUrl ?? '';
  const connect = (prefix: string) =>
    connectNatsBus({ url, prefix, name: `kit-${prefix}`, logger: silentLogger, retryBaseMs: 50, maxAgeMs: 600_000 });

  it('should deliver an event to its own deployment only, under its logical subject', async () => {
    const run = randomUUID().slice(0, 8);
    const blue = await connect(`tl-blue-${run}`);
    const blueReplica = await connect(`tl-blue-${run}`);
    const green = await connect(`tl-green-${run}`);
    const seen: Record<string, { subject: string; id: string }[]> = { blue: [], green: [] };
    const record = (name: string) => async (envelope: EventEnvelope, meta: { subject: string }) => {
      seen[name]?.push({ subject: meta.subject, id: envelope.id });
    };
    try {
      await blue.subscribe({ durable: 'analysis-on-upload', subject: 'media.video.uploaded', maxDeliveries: 3 }, record('blue'));
      await green.subscribe({ durable: 'analysis-on-upload', subject: 'media.video.uploaded', maxDeliveries: 3 }, record('green'));
      const event = createEnvelope('media', 'media.video.uploaded', { videoId: 'v1' });
      await blueReplica.publish('media.video.uploaded', event);

      await eventually(async () => expect(seen.blue).toEqual([{ subject: 'media.video.uploaded', id: event.id }]));
      // Had green shared blue's names, its consumer of the same durable would have taken the event by now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen.green).toEqual([]);
    } finally {
      await Promise.all([blue.close(), blueReplica.close(), green.close()]);
    }
  });

  it('should refuse a prefix that cannot name a subject token, a stream and a consumer', async () => {
    await expect(connect('Tracklens.Prod')).rejects.toThrow("NATS_PREFIX must match");
  });
});

describe('NATS connection errors', () => {
  it('should name the variable and the address it tried, in one line', async () => {
    const error = await connectNatsBus({ url: 'nats://127.0.0.1:1', prefix: 'tracklens', name: 'kit-unreachable', logger: silentLogger }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^NATS_URL: cannot connect to nats:\/\/127\.0\.0\.1:1 \(.+\)$/);
  });
});
