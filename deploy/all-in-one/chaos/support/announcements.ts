/**
 * What the services announced on the bus, heard by the suite's own consumers in the cluster's NATS namespace:
 * an effect applied twice shows as two events with different ids (a redelivery of one event keeps its id).
 */
import { randomUUID } from 'node:crypto';
import type { EventBus, EventEnvelope } from '@tracklens/kit';
import { testBus } from '@tracklens/kit/testing';

const PRODUCERS = ['media', 'analysis', 'planning', 'chat', 'billing'];

export class Announcements {
  private readonly byId = new Map<string, { subject: string; envelope: EventEnvelope }>();

  private constructor(private readonly bus: EventBus) {}

  static async listen(): Promise<Announcements> {
    const announcements = new Announcements(await testBus('chaos'));
    for (const producer of PRODUCERS) {
      await announcements.bus.subscribe(
        {
          durable: `chaos-${producer}-${randomUUID().slice(0, 8)}`,
          subject: `${producer}.>`,
          maxDeliveries: 1,
        },
        async (envelope, delivery) => {
          announcements.byId.set(envelope.id, { subject: delivery.subject, envelope });
        },
      );
    }
    return announcements;
  }

  /** Distinct events of `type` whose data `matches`. */
  of(type: string, matches: (data: Record<string, unknown>) => boolean): EventEnvelope[] {
    return [...this.byId.values()]
      .map((entry) => entry.envelope)
      .filter((envelope) => envelope.type === type && matches(envelope.data as Record<string, unknown>));
  }

  async close(): Promise<void> {
    await this.bus.close();
  }
}
