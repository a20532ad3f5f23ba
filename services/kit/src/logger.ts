/** pino JSON logs; every line carries the service and the current request id. */
import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const context = currentContext();
      if (!context) return {};
      return context.userId ? { requestId: context.requestId, userId: context.userId } : { requestId: context.requestId };
    },
  });
}
