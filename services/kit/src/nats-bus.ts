/** The bus on NATS JetStream: a stream per publishing service, durable pull consumers, Nats-Msg-Id de-duplication. */
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  connect,
  headers as natsHeaders,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import {
  deadLetterSubject,
  redeliveryDelayMs,
  streamOf,
  type EventBus,
  type EventEnvelope,
  type EventHandler,
  type SubscribeOptions,
  type Subscription,
} from './events';

const codec = JSONCodec<EventEnvelope>();
const DLQ_STREAM = 'DLQ';

export interface NatsBusOptions {
  url: string;
  name: string;
  logger: Logger;
  retryBaseMs?: number;
  /** How long a delivered message may stay unacknowledged before JetStream redelivers it. */
  ackWaitMs?: number;
}

export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const connection = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
  const manager = await connection.jetstreamManager();
  return new NatsBus(connection, manager, connection.jetstream(), options);
}

export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly ensured = new Map<string, Promise<void>>();
  private readonly running = new Set<{ messages: ConsumerMessages; loop: Promise<void> }>();

  constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly client: JetStreamClient,
    private readonly options: NatsBusOptions,
  ) {}

  async publish(subject: string, envelope: EventEnvelope): Promise<void> {
    await this.ensureStream(subject.startsWith('dlq.') ? DLQ_STREAM : streamOf(subject), subject.startsWith('dlq.') ? 'dlq.>' : undefined);
    const h = natsHeaders();
    if (envelope.requestId) h.set('x-request-id', envelope.requestId);
    await this.client.publish(subject, codec.encode(envelope), { msgID: envelope.id, headers: h });
  }

  async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
    const stream = streamOf(options.subject);
    await this.ensureStream(stream);
    await this.ensureStream(DLQ_STREAM, 'dlq.>');
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: options.subject,
      ack_wait: nanos(this.options.ackWaitMs ?? 60_000),
      max_deliver: -1,
    };
    try {
      await this.manager.consumers.add(stream, config);
    } catch {
      await this.manager.consumers.update(stream, options.durable, { filter_subject: options.subject, ack_wait: config.ack_wait });
    }
    const consumer = await this.client.consumers.get(stream, options.durable);
    const messages = await consumer.consume({ max_messages: 16 });
    const loop = (async () => {
      for await (const message of messages) {
        const deliveryCount = message.info.deliveryCount;
        let envelope: EventEnvelope;
        try {
          envelope = codec.decode(message.data);
        } catch (error) {
          this.options.logger.error({ subject: message.subject, durable: options.durable, err: error }, 'undecodable event terminated');
          message.term();
          continue;
        }
        const log = { eventId: envelope.id, subject: message.subject, durable: options.durable, deliveryCount };
        try {
          await handler(envelope, { subject: message.subject, deliveryCount });
          message.ack();
        } catch (error) {
          if (deliveryCount >= options.maxDeliveries) {
            this.options.logger.error({ ...log, err: error }, 'event dead-lettered');
            try {
              await this.publish(deadLetterSubject(message.subject), envelope);
              message.term();
            } catch {
              message.nak(redeliveryDelayMs(deliveryCount, this.options.retryBaseMs));
            }
          } else {
            this.options.logger.warn({ ...log, err: error }, 'event handler failed; redelivering');
            message.nak(redeliveryDelayMs(deliveryCount, this.options.retryBaseMs));
          }
        }
      }
    })();
    const entry = { messages, loop };
    this.running.add(entry);
    return {
      stop: async () => {
        if (!this.running.delete(entry)) return;
        await messages.close();
        await loop.catch(() => undefined);
      },
    };
  }

  async ping(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('NATS connection closed');
    await this.connection.flush();
  }

  async close(): Promise<void> {
    for (const entry of [...this.running]) {
      this.running.delete(entry);
      await entry.messages.close().catch(() => undefined);
      await entry.loop.catch(() => undefined);
    }
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  private ensureStream(name: string, subject?: string): Promise<void> {
    let pending = this.ensured.get(name);
    if (!pending) {
      const subjects = [subject ?? `${name.toLowerCase().replace(/_/g, '-')}.>`];
      pending = this.manager.streams
        .info(name)
        .then(() => undefined)
        .catch(async () => {
          await this.manager.streams.add({ name, subjects, duplicate_window: nanos(2 * 60 * 1000) }).catch(async (error: unknown) => {
            // Another process created it between our look and our add.
            await this.manager.streams.info(name).catch(() => {
              throw error;
            });
          });
        });
      pending.catch(() => this.ensured.delete(name));
      this.ensured.set(name, pending);
    }
    return pending;
  }
}
