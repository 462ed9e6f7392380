import { pino, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger } from 'pino';

/**
 * JSON lines for machines; on a terminal (or with `pretty`), readable colored
 * lines instead. Written synchronously either way, so nothing is lost when the
 * process exits.
 */
export function createLogger(options: { level: string; name?: string; pretty?: boolean }): Logger {
  const settings = {
    level: options.level,
    ...(options.name ? { name: options.name } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (!(options.pretty ?? process.stdout.isTTY)) return pino(settings);
  return pino(
    settings,
    PinoPretty({
      colorize: true,
      ignore: 'pid,hostname,name',
      translateTime: 'SYS:HH:MM:ss',
      sync: true,
    }),
  );
}

export const silentLogger: Logger = pino({ level: 'silent' });
