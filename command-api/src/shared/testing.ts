import { randomUUID } from 'node:crypto';
import type { Role } from '@quitute/contracts';
import type { TokenService } from '@quitute/infra/auth';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords } from '@quitute/infra/testing';
import { registerUser } from '../accounts/accounts';
import type { CommandStores } from './handle-command';

/** `eventStore` with in-memory snapshots beside it, for a test. */
export function withMemorySnapshots(eventStore: EventStore): CommandStores {
  return { eventStore, snapshotStore: createMemorySnapshotStore(), logger: silentLogger };
}

/** Fresh in-memory events and snapshots for a test. */
export function createMemoryCommandStores(): CommandStores {
  return withMemorySnapshots(createMemoryEventStore());
}

/**
 * An account registered in `eventStore` (at `now`) and a token of its, as a
 * route's test signs in. The token's own name and e-mail are `tokenClaims`'
 * when given: a route must take the account's, never the token's.
 */
export async function signedUpUser(
  eventStore: EventStore,
  tokens: TokenService,
  options: {
    name: string;
    role?: Role;
    now: () => Date;
    tokenClaims?: { email: string; name: string };
  },
): Promise<{ userId: string; token: string; email: string; name: string }> {
  const { name, role = 'user', now } = options;
  const email = `${name.toLowerCase()}.${randomUUID()}@exemplo.com.br`;
  const { userId } = await registerUser(
    withMemorySnapshots(eventStore),
    cheapPasswords,
    { email, name, password: 'Segredo123', role },
    { commandId: randomUUID(), correlationId: 'test', occurredAt: now().toISOString() },
  );
  const token = tokens.sign({
    userId,
    ...(options.tokenClaims ?? { email, name }),
    role,
    sessionVersion: 0,
  });
  return { userId, token, email, name };
}
