import type { Logger } from '@balcao/sdk';
import { pino } from 'pino';

/** The process logger: JSON lines (pino). @example createLogger('info').info({ port }, 'listening') */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'balcao' } });
}
