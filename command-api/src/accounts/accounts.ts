import { randomBytes, randomUUID } from 'node:crypto';
import {
  accountMessages,
  INVITE_LINK_TTL_MS,
  normalizeEmail,
  RESET_LINK_TTL_MS,
  userStreamName,
  type Role,
} from '@quitute/contracts';
import {
  endedSessionIds,
  type PasswordHasher,
  type SessionVersionLookup,
  type UserSessions,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError } from '@quitute/infra/event-store';
import { retryOnConflict } from '../shared/command-wrappers';
import {
  commandStream,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
} from '../shared/handle-command';
import { snapshotted } from '../shared/snapshots';
import { reservations, standingFromStream, type Claim } from '../shared/reservations';
import {
  accountConfirmedBy,
  emailReservationEvents,
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
 * decider: the e-mail reservation, password checks, reset tokens, the
 * accounts an administrator creates, edits and deletes. They read
 * only event streams, never read models (ARCHITECTURE §4).
 */

/** A user's stream, snapshotted (see userSnapshotPolicy). */
export function userStream(store: CommandStores, userId: string) {
  return snapshotted(
    commandStream(store.eventStore, userStreamName(userId), userDecider, parseAccountEvent),
    store,
    userSnapshotPolicy,
  );
}

/** Loaded as a user command loads it: the snapshot plus the events after it. */
export async function loadUser(
  store: CommandStores,
  userId: string,
): Promise<{ state: UserState; position: number }> {
  const { state, position } = await readAggregate(userStream(store, userId));
  return { state, position };
}

/**
 * The e-mail reservations (`user-email-<hash>`). A holder `left` its e-mail
 * when its account was deleted, or when it had the e-mail after it was reserved
 * and has another now: the release that should have followed never came.
 */
export function emailReservations(store: CommandStores) {
  return reservations(store, {
    streamName: emailReservationStreamName,
    events: emailReservationEvents,
    parse: parseReservationEvent,
    standing: async (userId, email, reservedAt) =>
      standingFromStream(
        await store.eventStore.readStream(userStreamName(userId)),
        { decider: userDecider, parse: parseAccountEvent },
        {
          isAbsent: (state) => state.status === 'absent',
          isGone: (state) => state.status === 'deleted',
          hasValue: (state) => state.status === 'active' && state.email === email,
        },
        reservedAt,
      ),
  });
}

/** The active account that has this e-mail now (the reservation names it, its stream confirms it). */
export async function findUserByEmail(
  store: CommandStores,
  email: string,
): Promise<{ user: ActiveUser; position: number } | null> {
  const held = await emailReservations(store).holder(email);
  if (!held) return null;
  const { state, position } = await loadUser(store, held.holderId);
  return state.status === 'active' && state.email === normalizeEmail(email)
    ? { user: state, position }
    : null;
}

export async function runUserCommand(
  store: CommandStores,
  userId: string,
  command: UserCommand,
  context: CommandContext,
  options: { retryOnConflict?: number } = {},
): Promise<CommandResult<UserState>> {
  const result = await retryOnConflict(
    options.retryOnConflict ?? 0,
    userStream(store, userId),
    command,
    context,
  );
  store.userWritten?.(userId, result.position);
  return result;
}

/** Tokens are checked against the user's stream: command-api decides from streams only (ARCHITECTURE §4). */
export function sessionVersionsFromStreams(store: CommandStores): SessionVersionLookup {
  return async (userId) => {
    const { state } = await loadUser(store, userId);
    return state.status === 'active' ? userSessions(state) : null;
  };
}

/** What the token check needs of an active user's state. */
export function userSessions(user: ActiveUser): UserSessions {
  return {
    sessionVersion: user.sessionVersion,
    endedSessionIds: endedSessionIds(user.endedSessions),
  };
}

export function activeUser(state: UserState): ActiveUser {
  if (state.status !== 'active') throw new AppError('not_found', accountMessages.userNotFound);
  return state;
}

/**
 * Reserves the e-mail (of two concurrent registrations exactly one wins), then
 * registers the user. A reservation whose user stream was never written (a
 * crash between the two appends) is taken over by the next registration instead
 * of locking the address forever; one whose account was deleted, or moved to
 * another e-mail, is released first. A caller may name the user id (the
 * admin's is derived from its e-mail): a reservation already made for that id
 * is then its own, made by a concurrent or crashed earlier attempt. The actor
 * is the new user registering themself unless the context names another (the
 * system creating the admin).
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
  const { holderId: userId } = await emailReservations(store).claim(input.email, wanted, {
    takeOverAbsent: true,
    context: { ...context, ...actor(wanted) },
  });
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
 * An administrator creates an account (admin-spec §2): the e-mail is reserved
 * as a registration reserves it, then the account is appended without a
 * password, with a link to set one valid INVITE_LINK_TTL_MS (the reset flow's
 * token, the same page completes it). The caller mails the link.
 */
export async function inviteUser(
  store: CommandStores,
  input: { email: string; name: string; phone: string; address: string; role: Role },
  context: CommandContext,
): Promise<{ user: ActiveUser; token: string; expiresAt: string; position: number }> {
  const { holderId: userId } = await emailReservations(store).claim(input.email, randomUUID(), {
    takeOverAbsent: true,
    context,
  });
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.parse(context.occurredAt) + INVITE_LINK_TTL_MS).toISOString();
  try {
    const result = await runUserCommand(
      store,
      userId,
      { type: 'InviteUser', userId, ...input, tokenHash: sha256(token), expiresAt },
      context,
    );
    return { user: activeUser(result.state), token, expiresAt, position: result.position };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) {
      throw new AppError('conflict', accountMessages.emailTaken);
    }
    throw error;
  }
}

/**
 * An administrator (the context's actor) edits an account: fields left out keep
 * their value. A new e-mail is reserved first (409 when another account has
 * it), the account changed, then the old e-mail released so that it may be
 * registered again; should the change be refused, a reservation made for it is
 * given back.
 */
export async function editUser(
  store: CommandStores,
  userId: string,
  changes: { name: string; email: string; phone?: string; address?: string; role?: Role },
  context: CommandContext,
): Promise<{ user: ActiveUser; position: number }> {
  const before = activeUser((await loadUser(store, userId)).state);
  const email = normalizeEmail(changes.email);
  const book = emailReservations(store);
  const claim: Claim | null =
    email === before.email
      ? null
      : await book.claim(email, userId, { takeOverAbsent: false, context });
  let result: CommandResult<UserState>;
  try {
    result = await runUserCommand(
      store,
      userId,
      {
        type: 'EditUser',
        requestedBy: context.actorId,
        name: changes.name,
        email,
        phone: changes.phone ?? before.phone,
        address: changes.address ?? before.address,
        role: changes.role ?? before.role,
      },
      context,
    );
  } catch (error) {
    if (claim?.reservedNow) {
      await book
        .release(email, userId, { ...context, commandId: `${context.commandId}/undo` })
        // The refused change's error is the answer, not a failure to undo its reservation.
        .catch((undoError: unknown) =>
          store.logger.warn({ err: undoError, userId }, 'e-mail reservation not given back'),
        );
    }
    throw error;
  }
  const user = activeUser(result.state);
  let position = result.position;
  if (claim && user.email === email) {
    position = Math.max(position, await book.release(before.email, userId, context));
  }
  return { user, position };
}

/**
 * An administrator (the context's actor, never the account's owner) deletes an
 * account: its tokens stop working at once (no active user answers the session
 * check) and its e-mail is released. Its orders and sales stay.
 */
export async function deleteUser(
  store: CommandStores,
  userId: string,
  context: CommandContext,
): Promise<{ position: number }> {
  const before = activeUser((await loadUser(store, userId)).state);
  const result = await runUserCommand(
    store,
    userId,
    { type: 'DeleteUser', requestedBy: context.actorId },
    context,
  );
  const released = await emailReservations(store).release(before.email, userId, context);
  return { position: Math.max(result.position, released) };
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
  const passwordHash = found?.user.passwordHash;
  // An account an administrator created has no password until its owner sets one.
  if (!found || !passwordHash) {
    await passwords.verifyAgainstDecoy(password);
    throw new AppError('unauthorized', accountMessages.invalidCredentials);
  }
  const { matches, outdated } = await passwords.verify(password, passwordHash);
  if (!matches) throw new AppError('unauthorized', accountMessages.invalidCredentials);
  if (outdated) await upgradeHash(store, passwords, found.user, passwordHash, password, context);
  return found;
}

async function upgradeHash(
  store: CommandStores,
  passwords: PasswordHasher,
  user: ActiveUser,
  previousHash: string,
  password: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<void> {
  try {
    await runUserCommand(
      store,
      user.userId,
      {
        type: 'RehashPassword',
        previousHash,
        passwordHash: await passwords.hash(password),
      },
      { ...context, actorId: user.userId, actorRole: user.role },
    );
  } catch (error) {
    // The stream moved meanwhile (another login or an edit): the next login upgrades it.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

/** Decisions again of a reset request whose append met a concurrent write to the user. */
const RESET_REQUEST_CONFLICT_RETRIES = 3;

/**
 * A reset token is `<userId>.<secret>`: the user id says which stream to read,
 * the secret (256 random bits) proves the link; only its SHA-256 is stored.
 * Null (no link, nothing to mail) when no account has the e-mail, also when the
 * account found by it moved to another before the request was appended: the
 * link goes to the e-mail of the state it was decided on, never to a stale one.
 */
export async function requestPasswordReset(
  store: CommandStores,
  email: string,
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ user: ActiveUser; token: string; expiresAt: string } | null> {
  const found = await findUserByEmail(store, email);
  if (!found) return null;
  const token = `${found.user.userId}.${randomBytes(32).toString('base64url')}`;
  const tokenHash = sha256(token);
  const expiresAt = new Date(Date.parse(context.occurredAt) + RESET_LINK_TTL_MS).toISOString();
  const { state } = await runUserCommand(
    store,
    found.user.userId,
    { type: 'RequestPasswordReset', email, tokenHash, expiresAt },
    { ...context, actorId: found.user.userId, actorRole: 'user' },
    // Asked for after its answer went out, so no one hears of a conflict (another reset
    // or a login at the same moment): the request is decided again on the newer stream.
    { retryOnConflict: RESET_REQUEST_CONFLICT_RETRIES },
  );
  // Only the appended request makes this link a live one; the decider appends
  // nothing when the account's e-mail is no longer the one asked for.
  if (state.status !== 'active') return null;
  if (!state.pendingResets.some((link) => link.tokenHash === tokenHash)) return null;
  return { user: state, token, expiresAt };
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

/** Decisions again of an e-mail command whose append met a concurrent write to the user. */
const EMAIL_COMMAND_CONFLICT_RETRIES = 3;

/**
 * Issue 41: a valid confirmation link (signed, unexpired, checked by the
 * caller) confirms the address it was mailed to, if the account still has it.
 * The account is the actor: the link mailed to her stands for her. An address
 * already confirmed appends nothing (`confirmedNow` false).
 */
export async function confirmEmail(
  store: CommandStores,
  link: { userId: string; emailFingerprint: string },
  context: Omit<CommandContext, 'actorId' | 'actorRole'>,
): Promise<{ confirmedNow: boolean; position: number }> {
  const { state, position } = await loadUser(store, link.userId);
  const user = accountConfirmedBy(state, link.emailFingerprint);
  if (user.emailConfirmed) return { confirmedNow: false, position };
  const result = await runUserCommand(
    store,
    user.userId,
    { type: 'ConfirmEmail', emailFingerprint: link.emailFingerprint },
    { ...context, actorId: user.userId, actorRole: user.role },
    { retryOnConflict: EMAIL_COMMAND_CONFLICT_RETRIES },
  );
  return { confirmedNow: true, position: result.position };
}

/**
 * Issue 41: the owner (the context's actor) asks for the confirmation link
 * again; the notifier mails it. Nothing is asked for an address already
 * confirmed (`requested` false).
 */
export async function requestEmailConfirmation(
  store: CommandStores,
  userId: string,
  context: CommandContext,
): Promise<{ requested: boolean; position: number }> {
  const result = await runUserCommand(
    store,
    userId,
    { type: 'RequestEmailConfirmation' },
    context,
    {
      retryOnConflict: EMAIL_COMMAND_CONFLICT_RETRIES,
    },
  );
  // The decider asks only for an unconfirmed address, and asking confirms nothing.
  return { requested: !activeUser(result.state).emailConfirmed, position: result.position };
}
