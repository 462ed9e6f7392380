import { randomBytes, randomUUID } from 'node:crypto';
import { accountMessages, RESET_LINK_TTL_MS, userStreamName, type Role } from '@quitute/contracts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '@quitute/infra/auth';
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

export function runUserCommand(
  store: CommandStores,
  userId: string,
  command: UserCommand,
  context: CommandContext,
): Promise<CommandResult<UserState>> {
  return handleCommand({
    store: store.eventStore,
    snapshots: userSnapshots(store),
    decider: userDecider,
    parse: parseAccountEvent,
    streamName: userStreamName(userId),
    command,
    context,
  });
}

export function activeUser(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new AppError('not_found', accountMessages.userNotFound);
  return state;
}

/**
 * Reserves the e-mail (no_stream: of two concurrent registrations exactly one
 * wins), then registers the user. A reservation whose user stream was never
 * written (a crash between the two appends) is taken over by the next
 * registration instead of locking the address forever. The actor is the new
 * user registering themself unless the context names another (the system
 * creating the admin).
 */
export async function registerUser(
  store: CommandStores,
  input: { email: string; name: string; password: string; role: Role },
  context: Omit<CommandContext, 'actorId' | 'actorRole'> &
    Partial<Pick<CommandContext, 'actorId' | 'actorRole'>>,
): Promise<{ userId: string; position: number }> {
  const passwordHash = await hashPassword(input.password);
  let userId = await reservedUserId(store, input.email);
  const actor = (id: string) => ({
    actorId: context.actorId ?? id,
    actorRole: context.actorRole ?? 'user',
  });
  if (userId) {
    const { state } = await loadUser(store, userId);
    if (state.status !== 'absent') throw new AppError('conflict', accountMessages.emailTaken);
  } else {
    userId = randomUUID();
    try {
      await handleCommand({
        store: store.eventStore,
        decider: emailReservationDecider,
        parse: parseReservationEvent,
        streamName: emailReservationStreamName(input.email),
        command: { type: 'ReserveEmail', email: input.email, userId },
        context: {
          ...context,
          commandId: `${context.commandId}/reserve`,
          ...actor(userId),
        },
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        throw new AppError('conflict', accountMessages.emailTaken);
      }
      throw error;
    }
  }
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

/** An unknown e-mail and a wrong password answer alike, in about the same time (no enumeration). */
export async function authenticateUser(
  store: CommandStores,
  email: string,
  password: string,
): Promise<{ user: ActiveUser; position: number }> {
  const found = await findUserByEmail(store, email);
  const matches = found
    ? await verifyPassword(password, found.user.passwordHash)
    : await verifyAgainstDecoy(password);
  if (!found || !matches) throw new AppError('unauthorized', accountMessages.invalidCredentials);
  return found;
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

export async function completePasswordReset(
  store: CommandStores,
  token: string,
  newPassword: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ position: number }> {
  const userId = resetTokenPattern.exec(token)?.[1];
  if (!userId) throw new AppError('validation', accountMessages.resetTokenInvalid);
  const passwordHash = await hashPassword(newPassword);
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
