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

/** What NATS_PREFIX may be: one subject token that is also a valid part of a stream and consumer name. */
export const NATS_PREFIX_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export interface NatsBusOptions {
  url: string;
  name: string;
  /**
   * The deployment's namespace on a shared server: every subject travels as `{prefix}.{subject}`, every stream
   * is `{PREFIX}_{PRODUCER}` and every durable consumer `{prefix}-{durable}`, so two deployments on one NATS
   * server never consume each other's events.
   */
  prefix: string;
  logger: Logger;
  retryBaseMs?: number;
  /** How long a delivered message may stay unacknowledged before JetStream redelivers it. */
  ackWaitMs?: number;
  /** How long streams keep events; unset keeps them until the server's limits say otherwise. */
  maxAgeMs?: number;
}

export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  if (!NATS_PREFIX_PATTERN.test(options.prefix)) throw new Error(`NATS_PREFIX must match ${NATS_PREFIX_PATTERN}: '${options.prefix}'`);
  let connection: NatsConnection;
  try {
    connection = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
  } catch (error) {
    // One line an operator can act on: which variable, what was tried, what the server said.
    throw new Error(`NATS_URL: cannot connect to ${options.url} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
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
    await this.ensureStream(subject);
    const h = natsHeaders();
    if (envelope.requestId) h.set('x-request-id', envelope.requestId);
    await this.client.publish(this.wire(subject), codec.encode(envelope), { msgID: envelope.id, headers: h });
  }

  async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
    const stream = await this.ensureStream(options.subject);
    await this.ensureStream(deadLetterSubject(options.subject));
    const durable = `${this.options.prefix}-${options.durable}`;
    const filter = this.wire(options.subject);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filter,
      ack_wait: nanos(this.options.ackWaitMs ?? 60_000),
      max_deliver: -1,
    };
    try {
      await this.manager.consumers.add(stream, config);
    } catch {
      await this.manager.consumers.update(stream, durable, { filter_subject: filter, ack_wait: config.ack_wait });
    }
    const consumer = await this.client.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 16 });
    const loop = (async () => {
      for await (const message of messages) {
        const subject = this.logical(message.subject);
        const deliveryCount = message.info.deliveryCount;
        let envelope: EventEnvelope;
        try {
          envelope = codec.decode(message.data);
        } catch (error) {
          this.options.logger.error({ subject, durable: options.durable, err: error }, 'undecodable event terminated');
          message.term();
          continue;
        }
        const log = { eventId: envelope.id, subject, durable: options.durable, deliveryCount };
        try {
          await handler(envelope, { subject, deliveryCount });
          message.ack();
        } catch (error) {
          if (deliveryCount >= options.maxDeliveries) {
            this.options.logger.error({ ...log, err: error }, 'event dead-lettered');
            try {
              await this.publish(deadLetterSubject(subject), envelope);
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

  /** The subject on the wire. */
  private wire(subject: string): string {
    return `${this.options.prefix}.${subject}`;
  }

  /** The subject handlers see: the deployment's prefix is the bus's business only. */
  private logical(wireSubject: string): string {
    return wireSubject.slice(this.options.prefix.length + 1);
  }

  /** The stream holding `subject` (its producer's, or the dead letters'), created on first use; its name. */
  private async ensureStream(subject: string): Promise<string> {
    const producer = subject.startsWith('dlq.') ? 'dlq' : streamOf(subject).toLowerCase().replace(/_/g, '-');
    const name = `${this.options.prefix}_${producer}`.toUpperCase().replace(/-/g, '_');
    await this.ensureNamedStream(name, [`${this.options.prefix}.${producer}.>`]);
    return name;
  }

  private ensureNamedStream(name: string, subjects: string[]): Promise<void> {
    let pending = this.ensured.get(name);
    if (!pending) {
      pending = this.manager.streams
        .info(name)
        .then(() => undefined)
        .catch(async () => {
          await this.manager.streams.add({
            name,
            subjects,
            duplicate_window: nanos(2 * 60 * 1000),
            ...(this.options.maxAgeMs ? { max_age: nanos(this.options.maxAgeMs) } : {}),
          }).catch(async (error: unknown) => {
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
