import { randomBytes, randomUUID } from 'node:crypto';
import { accountMessages, RESET_LINK_TTL_MS, userStreamName, type Role } from '@quitute/contracts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError, type EventStore } from '@quitute/infra/event-store';
import { fold } from '../shared/decider';
import { handleCommand, type CommandContext, type CommandResult } from '../shared/handle-command';
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

/**
 * The accounts flows that span more than one stream or need I/O around the
 * decider: the e-mail reservation, password checks, reset tokens. They read
 * only event streams, never read models (ARCHITECTURE §4).
 */

async function loadUser(
  store: EventStore,
  userId: string,
): Promise<{ state: UserState; position: number }> {
  const recorded = await store.readStream(userStreamName(userId));
  const state = fold(
    userDecider,
    recorded.flatMap((event) => parseAccountEvent(event) ?? []),
  );
  return { state, position: recorded.at(-1)?.position ?? 0 };
}

/** The account an e-mail was reserved for, if it was. */
async function reservedUserId(store: EventStore, email: string): Promise<string | null> {
  const recorded = await store.readStream(emailReservationStreamName(email), { maxCount: 1 });
  const first = recorded[0] && parseReservationEvent(recorded[0]);
  return first ? first.data.userId : null;
}

export async function findUserByEmail(
  store: EventStore,
  email: string,
): Promise<{ user: ActiveUser; position: number } | null> {
  const userId = await reservedUserId(store, email);
  if (!userId) return null;
  const { state, position } = await loadUser(store, userId);
  return state.status === 'active' ? { user: state, position } : null;
}

export function runUserCommand(
  store: EventStore,
  userId: string,
  command: UserCommand,
  context: CommandContext,
): Promise<CommandResult<UserState>> {
  return handleCommand({
    store,
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
  store: EventStore,
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
        store,
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
  store: EventStore,
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
  store: EventStore,
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
  store: EventStore,
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
