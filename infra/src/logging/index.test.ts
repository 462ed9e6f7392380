import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from './index';

const secretAddress = 'Rua Secreta, 42';
const secretPhone = '11987654321';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line) => lines.push(line) },
  });
  const logged = () =>
    lines.map((line) => z.record(z.string(), z.unknown()).parse(JSON.parse(line)));
  return { logger, lines, logged };
}

/** The shape PGlite and pg give a refused append: the event JSON in params, quoted again in where. */
function refusedAppend(): Error {
  const event = JSON.stringify([
    { type: 'UserProfileUpdated', data: { phone: secretPhone, address: secretAddress } },
  ]);
  return Object.assign(new Error('unsupported Unicode escape sequence'), {
    name: 'error',
    severity: 'ERROR',
    code: '22P05',
    detail: `\\u0000 cannot be converted to text: ${secretAddress}`,
    where: `JSON data, line 1: ...${event.slice(0, 60)}`,
    routine: 'json_errsave_error',
    query: 'SELECT outcome FROM append_events($1, $2, $3, $4)',
    params: ['user-1', 'exact', 0, event],
    parameters: [event],
    data: { phone: secretPhone },
  });
}

describe('the err serializer of every logger', () => {
  it('given a refused append, when logged, then what failed is kept and the data it carried is not', () => {
    const { logger, lines, logged } = capture();
    logger.error({ err: refusedAppend() }, 'unhandled error');

    expect(lines.join('')).not.toContain(secretAddress);
    expect(lines.join('')).not.toContain(secretPhone);
    expect(logged()[0]?.['err']).toMatchObject({
      type: 'Error',
      message: 'unsupported Unicode escape sequence',
      code: '22P05',
      severity: 'ERROR',
      query: 'SELECT outcome FROM append_events($1, $2, $3, $4)',
      redacted: ['detail', 'where', 'params', 'parameters', 'data'],
    });
  });

  it('given the error logged bare, through a child, or as the cause of another, then redacted the same', () => {
    const { logger, lines } = capture();
    logger.error(refusedAppend());
    logger.child({ module: 'projections' }).error({ err: refusedAppend() }, 'stopped');
    logger.error({ err: new Error('append failed', { cause: refusedAppend() }) }, 'wrapped');
    logger.error({ err: new AggregateError([refusedAppend()], 'both failed') }, 'aggregate');

    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).toContain('"code"');
      expect(line).not.toContain(secretAddress);
      expect(line).not.toContain(secretPhone);
    }
    expect(lines[2]).toContain(
      '"cause":{"type":"Error","message":"unsupported Unicode escape sequence"',
    );
  });

  it('given a thrown value that is not an Error, then only its type', () => {
    const { logger, lines, logged } = capture();
    logger.error({ err: { phone: secretPhone } }, 'odd throw');

    expect(lines.join('')).not.toContain(secretPhone);
    expect(logged()[0]?.['err']).toEqual({ type: 'object', redacted: ['value'] });
  });
});
