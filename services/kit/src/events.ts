/** The event envelope and the bus interface that NATS JetStream and the in-process bus both implement. */
import { randomUUID } from 'node:crypto';
import { currentRequestId } from './context';

export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  producer: string;
  requestId?: string;
  data: T;
}

/** An event to publish: written to the outbox in the transaction of the change it reports. */
export interface OutgoingEvent {
  subject: string;
  envelope: EventEnvelope;
}

export function createEnvelope<T>(producer: string, type: string, data: T, version = 1): EventEnvelope<T> {
  const requestId = currentRequestId();
  return {
    id: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    producer,
    ...(requestId ? { requestId } : {}),
    data,
  };
}

export type HandlerOutcome = 'handled' | 'skipped';
export type EventHandler = (envelope: EventEnvelope, delivery: DeliveryInfo) => Promise<HandlerOutcome | void>;

export interface DeliveryInfo {
  subject: string;
  /** 1 on the first delivery. */
  deliveryCount: number;
}

export interface SubscribeOptions {
  /** Durable consumer name; replicas sharing it compete for messages (the service's queue group). */
  durable: string;
  /** One subject or wildcard filter of one producing service, e.g. 'media.video.uploaded'. */
  subject: string;
  /** Deliveries before dead-lettering to dlq.<subject>. */
  maxDeliveries: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'nats' | 'in-process';
  /** Publishes once: a repeated envelope id is dropped by the broker. */
  publish(subject: string, envelope: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Backoff before redelivery: 1 s, 2 s, 4 s ... at most 30 s. */
export function redeliveryDelayMs(deliveryCount: number, baseMs = 1000): number {
  return Math.min(baseMs * 2 ** Math.max(0, deliveryCount - 1), 30_000);
}

export function deadLetterSubject(subject: string): string {
  return `dlq.${subject}`;
}

/** Stream name of the service that publishes a subject: 'media.video.uploaded' -> 'MEDIA'. */
export function streamOf(subject: string): string {
  const producer = subject.split('.')[0];
  if (!producer || !/^[a-z][a-z0-9-]*$/.test(producer)) throw new Error(`Subject without a producer: ${subject}`);
  return producer.toUpperCase().replace(/-/g, '_');
}

/** NATS subject matching with '*' (one token) and '>' (the rest). */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}
