/** The bus of all-in-one mode: durable consumers, competing replicas, redelivery with backoff and a dead-letter subject, in memory. */
import type { Logger } from 'pino';
import {
  deadLetterSubject,
  redeliveryDelayMs,
  streamOf,
  subjectMatches,
  type EventBus,
  type EventEnvelope,
  type EventHandler,
  type SubscribeOptions,
  type Subscription,
} from './events';

interface Message {
  subject: string;
  envelope: EventEnvelope;
}

interface ConsumerGroup {
  options: SubscribeOptions;
  handlers: EventHandler[];
  next: number;
  /** Messages that arrived while no replica was subscribed, as a durable JetStream consumer keeps them. */
  backlog: Message[];
}

const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const MAX_BACKLOG = 10_000;

export interface InProcessBusOptions {
  logger: Logger;
  /** Base of the redelivery backoff (tests shorten it). */
  retryBaseMs?: number;
}

export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly recentIds = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private closed = false;

  constructor(private readonly options: InProcessBusOptions) {}

  async publish(subject: string, envelope: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('Bus is closed');
    this.forgetOldIds();
    // Like JetStream, de-duplicate per stream: the dead-letter copy of an event keeps its id.
    const key = `${streamOf(subject)}:${envelope.id}`;
    if (this.recentIds.has(key)) return;
    this.recentIds.set(key, Date.now());
    for (const group of this.groups.values()) {
      if (!subjectMatches(group.options.subject, subject)) continue;
      if (group.handlers.length === 0) {
        if (group.backlog.length < MAX_BACKLOG) group.backlog.push({ subject, envelope });
        continue;
      }
      this.schedule(group, { subject, envelope }, 1, 0);
    }
  }

  async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
    let group = this.groups.get(options.durable);
    if (!group) {
      group = { options, handlers: [], next: 0, backlog: [] };
      this.groups.set(options.durable, group);
    }
    const target = group;
    target.handlers.push(handler);
    for (const message of target.backlog.splice(0)) this.schedule(target, message, 1, 0);
    return {
      stop: async () => {
        target.handlers = target.handlers.filter((h) => h !== handler);
      },
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('Bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // Let handlers already running finish, as a drained connection would.
    const deadline = Date.now() + 5000;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }

  private schedule(group: ConsumerGroup, message: Message, deliveryCount: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(group, message, deliveryCount);
    }, delayMs);
    this.timers.add(timer);
  }

  private async deliver(group: ConsumerGroup, message: Message, deliveryCount: number): Promise<void> {
    if (this.closed) return;
    if (group.handlers.length === 0) {
      group.backlog.push(message);
      return;
    }
    const handler = group.handlers[group.next++ % group.handlers.length];
    if (!handler) return;
    this.inFlight++;
    try {
      await handler(message.envelope, { subject: message.subject, deliveryCount });
    } catch (error) {
      const log = { eventId: message.envelope.id, subject: message.subject, durable: group.options.durable, deliveryCount };
      if (deliveryCount >= group.options.maxDeliveries) {
        this.options.logger.error({ ...log, err: error }, 'event dead-lettered');
        await this.publish(deadLetterSubject(message.subject), message.envelope).catch(() => undefined);
      } else {
        this.options.logger.warn({ ...log, err: error }, 'event handler failed; redelivering');
        this.schedule(group, message, deliveryCount + 1, redeliveryDelayMs(deliveryCount, this.options.retryBaseMs));
      }
    } finally {
      this.inFlight--;
    }
  }

  private forgetOldIds(): void {
    const cutoff = Date.now() - DUPLICATE_WINDOW_MS;
    for (const [id, at] of this.recentIds) {
      if (at >= cutoff) break;
      this.recentIds.delete(id);
    }
  }
}
