import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger } from 'pino';

/**
 * What an error may bring into a log line: what failed and where. Everything
 * else is left out, because drivers attach the data they were given — PGlite
 * and pg errors carry the SQL `params` (a whole event: name, phone, address,
 * password hash), `where` and `detail` quote the offending JSON, body-parser
 * errors carry the raw `body` — and the names of the left-out keys are kept in
 * `redacted` so a reader knows there was more.
 */
const loggedErrorKeys = new Set([
  'type',
  'message',
  'stack',
  'name',
  'code',
  'errno',
  'syscall',
  'status',
  'statusCode',
  // PostgreSQL's own fields naming the failing statement's place, not its values.
  'severity',
  'routine',
  'file',
  'line',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'query',
  // WrongExpectedRevisionError
  'streamName',
  'expected',
  'actual',
]);

function keepLoggedKeys(serialized: object): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const redacted: string[] = [];
  for (const [key, value] of Object.entries(serialized)) {
    if (loggedErrorKeys.has(key)) kept[key] = value;
    else if (key === 'cause' && isObject(value)) kept[key] = keepLoggedKeys(value);
    else if (key === 'aggregateErrors' && Array.isArray(value))
      kept[key] = value.map((inner: unknown) => (isObject(inner) ? keepLoggedKeys(inner) : {}));
    else redacted.push(key);
  }
  return redacted.length > 0 ? { ...kept, redacted } : kept;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * pino's `err` serializer for every logger made here: the standard one (type,
 * message, stack, its causes and aggregated errors each in turn), then only the
 * keys above. A thrown non-Error is logged by its type alone: it could be anything.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, redacted: ['value'] };
  return keepLoggedKeys(stdSerializers.errWithCause(error));
}

const options = {
  serializers: { err: serializeError },
  redact: ['req.headers.authorization', 'req.headers.cookie'],
};

/**
 * JSON lines for machines; on a terminal (or with `pretty`), readable coloured
 * lines instead. Written synchronously either way, so nothing is lost when the
 * process exits. `destination` defaults to stdout; tests pass an in-memory one
 * to read the lines.
 */
export function createLogger(settings: {
  level: string;
  name?: string;
  pretty?: boolean;
  destination?: DestinationStream;
}): Logger {
  const logger = {
    ...options,
    level: settings.level,
    ...(settings.name ? { name: settings.name } : {}),
  };
  if (settings.destination) return pino(logger, settings.destination);
  if (!(settings.pretty ?? process.stdout.isTTY)) return pino(logger);
  return pino(
    logger,
    PinoPretty({
      colorize: true,
      ignore: 'pid,hostname,name',
      translateTime: 'SYS:HH:MM:ss',
      sync: true,
    }),
  );
}

export const silentLogger: Logger = pino({ ...options, level: 'silent' });
