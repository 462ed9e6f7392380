import { randomBytes, randomUUID } from 'node:crypto';
import { accountMessages, RESET_LINK_TTL_MS, userStreamName, type Role } from '@quitute/contracts';
import type { PasswordHasher, SessionVersionLookup } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError } from '@quitute/infra/event-store';
import { handleCommand, type CommandContext, type CommandResult } from '../shared/handle-command';
import {
  readAggregate,
  type AggregateSnapshots,
  type CommandStores,
} from '../shared/load-aggregate';
import {
  emailReservationDecider,
  liveResetLink,
  parseAccountEvent,
  parseReservationEvent,
  userDecider,
  type ActiveUser,
  type UserCommand,
  type UserState,
} from './decider';
import { emailReservationStreamName, sha256 } from './streams';
import { userSnapshotPolicy } from './user-snapshots';

/**
 * The accounts flows that span more than one stream or need I/O around the
 * decider: the e-mail reservation, password checks, reset tokens. They read
 * only event streams, never read models (ARCHITECTURE §4).
 */

function userSnapshots(store: CommandStores): AggregateSnapshots<UserState> {
  return { store: store.snapshotStore, policy: userSnapshotPolicy, logger: store.logger };
}

/** Loaded as a user command loads it: the snapshot plus the events after it. */
async function loadUser(
  store: CommandStores,
  userId: string,
): Promise<{ state: UserState; position: number }> {
  const { state, position } = await readAggregate({
    store: store.eventStore,
    snapshots: userSnapshots(store),
    decider: userDecider,
    parse: parseAccountEvent,
    streamName: userStreamName(userId),
  });
  return { state, position };
}

/** The account an e-mail was reserved for, if it was. */
async function reservedUserId(store: CommandStores, email: string): Promise<string | null> {
  const recorded = await store.eventStore.readStream(emailReservationStreamName(email), {
    maxCount: 1,
  });
  const first = recorded[0] && parseReservationEvent(recorded[0]);
  return first ? first.data.userId : null;
}

export async function findUserByEmail(
  store: CommandStores,
  email: string,
): Promise<{ user: ActiveUser; position: number } | null> {
  const userId = await reservedUserId(store, email);
  if (!userId) return null;
  const { state, position } = await loadUser(store, userId);
  return state.status === 'active' ? { user: state, position } : null;
}

export async function runUserCommand(
  store: CommandStores,
  userId: string,
  command: UserCommand,
  context: CommandContext,
): Promise<CommandResult<UserState>> {
  const result = await handleCommand({
    store: store.eventStore,
    snapshots: userSnapshots(store),
    decider: userDecider,
    parse: parseAccountEvent,
    streamName: userStreamName(userId),
    command,
    context,
  });
  store.userWritten?.(userId, result.position);
  return result;
}

/** Tokens are checked against the user's stream: command-api decides from streams only (ARCHITECTURE §4). */
export function sessionVersionsFromStreams(store: CommandStores): SessionVersionLookup {
  return async (userId) => {
    const { state } = await loadUser(store, userId);
    return state.status === 'active' ? state.sessionVersion : null;
  };
}

export function activeUser(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new AppError('not_found', accountMessages.userNotFound);
  return state;
}

/**
 * Reserves the e-mail (no_stream: of two concurrent registrations exactly one
 * wins), then registers the user. A reservation whose user stream was never
 * written (a crash between the two appends) is taken over by the next
 * registration instead of locking the address forever. A caller may name the
 * user id (the admin's is derived from its e-mail): a reservation already made
 * for that id is then its own, made by a concurrent or crashed earlier attempt.
 * The actor is the new user registering themself unless the context names
 * another (the system creating the admin).
 */
export async function registerUser(
  store: CommandStores,
  passwords: PasswordHasher,
  input: { email: string; name: string; password: string; role: Role; userId?: string },
  context: Omit<CommandContext, 'actorId' | 'actorRole'> &
    Partial<Pick<CommandContext, 'actorId' | 'actorRole'>>,
): Promise<{ userId: string; position: number }> {
  const passwordHash = await passwords.hash(input.password);
  const wanted = input.userId ?? randomUUID();
  const actor = (id: string) => ({
    actorId: context.actorId ?? id,
    actorRole: context.actorRole ?? 'user',
  });
  let userId = await reservedUserId(store, input.email);
  if (!userId) {
    const reserving = handleCommand({
      store: store.eventStore,
      decider: emailReservationDecider,
      parse: parseReservationEvent,
      streamName: emailReservationStreamName(input.email),
      command: { type: 'ReserveEmail', email: input.email, userId: wanted },
      context: { ...context, commandId: `${context.commandId}/reserve`, ...actor(wanted) },
    });
    // Whoever reserved first, the reservation now says whose e-mail it is.
    const failure = await reserving.then(
      () => null,
      (error: unknown) => ({ error }),
    );
    userId = await reservedUserId(store, input.email);
    if (!userId && failure) throw failure.error;
    if (userId !== wanted) throw new AppError('conflict', accountMessages.emailTaken);
  }
  const { state } = await loadUser(store, userId);
  if (state.status !== 'absent') throw new AppError('conflict', accountMessages.emailTaken);
  try {
    const result = await runUserCommand(
      store,
      userId,
      {
        type: 'RegisterUser',
        userId,
        email: input.email,
        name: input.name,
        passwordHash,
        role: input.role,
      },
      { ...context, ...actor(userId) },
    );
    return { userId, position: result.position };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      throw new AppError('conflict', accountMessages.emailTaken);
    }
    throw error;
  }
}

/**
 * An unknown e-mail and a wrong password answer alike, in about the same time
 * (no enumeration). A matching password stored with older KDF parameters is
 * hashed again with today's, without ending the user's sessions.
 */
export async function authenticateUser(
  store: CommandStores,
  passwords: PasswordHasher,
  email: string,
  password: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ user: ActiveUser; position: number }> {
  const found = await findUserByEmail(store, email);
  if (!found) {
    await passwords.verifyAgainstDecoy(password);
    throw new AppError('unauthorized', accountMessages.invalidCredentials);
  }
  const { matches, outdated } = await passwords.verify(password, found.user.passwordHash);
  if (!matches) throw new AppError('unauthorized', accountMessages.invalidCredentials);
  if (outdated) await upgradeHash(store, passwords, found.user, password, context);
  return found;
}

async function upgradeHash(
  store: CommandStores,
  passwords: PasswordHasher,
  user: ActiveUser,
  password: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<void> {
  try {
    await runUserCommand(
      store,
      user.userId,
      {
        type: 'RehashPassword',
        previousHash: user.passwordHash,
        passwordHash: await passwords.hash(password),
      },
      { ...context, actorId: user.userId, actorRole: user.role },
    );
  } catch (error) {
    // The stream moved meanwhile (another login or an edit): the next login upgrades it.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

/**
 * A reset token is `<userId>.<secret>`: the user id says which stream to read,
 * the secret (256 random bits) proves the link; only its SHA-256 is stored.
 */
export async function requestPasswordReset(
  store: CommandStores,
  email: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ user: ActiveUser; token: string; expiresAt: string } | null> {
  const found = await findUserByEmail(store, email);
  if (!found) return null;
  const token = `${found.user.userId}.${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.parse(context.occurredAt) + RESET_LINK_TTL_MS).toISOString();
  await runUserCommand(
    store,
    found.user.userId,
    { type: 'RequestPasswordReset', tokenHash: sha256(token), expiresAt },
    { ...context, actorId: found.user.userId, actorRole: 'user' },
  );
  return { user: found.user, token, expiresAt };
}

const resetTokenPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;

/**
 * The link is checked against the user's stream before the new password is
 * hashed: a made-up or spent link costs one stream read, never a KDF run.
 */
export async function completePasswordReset(
  store: CommandStores,
  passwords: PasswordHasher,
  token: string,
  newPassword: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ position: number }> {
  const userId = resetTokenPattern.exec(token)?.[1];
  if (!userId) throw new AppError('validation', accountMessages.resetTokenInvalid);
  liveResetLink((await loadUser(store, userId)).state, sha256(token), context.occurredAt);
  const passwordHash = await passwords.hash(newPassword);
  try {
    const result = await runUserCommand(
      store,
      userId,
      {
        type: 'CompletePasswordReset',
        tokenHash: sha256(token),
        passwordHash,
        now: context.occurredAt,
      },
      { ...context, actorId: userId, actorRole: 'user' },
    );
    return { position: result.position };
  } catch (error) {
    // Two uses of one link at the same instant: the loser's append conflicts; the link is spent.
    if (error instanceof WrongExpectedRevisionError) {
      throw new AppError('validation', accountMessages.resetTokenInvalid);
    }
    throw error;
  }
}
