/** A prom-client registry per service (several services share one process in all-in-one mode). */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  eventsHandled: Counter<'subject' | 'outcome'>;
}

export function createMetrics(service: string, collectProcessMetrics = true): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (collectProcessMetrics) collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const eventsHandled = new Counter({
    name: 'events_handled_total',
    help: 'Events handled by consumers, by outcome',
    labelNames: ['subject', 'outcome'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, eventsHandled };
}
