import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    level: options.level,
    ...(options.name ? { name: options.name } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
