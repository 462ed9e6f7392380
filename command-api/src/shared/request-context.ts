import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext } from './handle-command';

/**
 * The impure part of a command an HTTP request brings: a new command id, the
 * caller's correlation id when it is a sane one (else the command id), and now.
 * The actor is added by the route that knows who is asking.
 */
export function requestCommandContext(
  req: Request,
  now: () => Date,
): Omit<CommandContext, 'actorId' | 'actorRole'> {
  const commandId = randomUUID();
  const correlation = req.get('x-correlation-id');
  return {
    commandId,
    correlationId: correlation && /^[\w.:-]{1,100}$/.test(correlation) ? correlation : commandId,
    occurredAt: now().toISOString(),
  };
}
