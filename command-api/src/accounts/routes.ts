import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  accountMessages,
  confirmEmailBodySchema,
  loginBodySchema,
  normalizeEmail,
  notificationMessages,
  preferencesSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetConfirmBodySchema,
  resetRequestBodySchema,
  toProfileDto,
  type LoginResponse,
} from '@quitute/contracts';
import {
  authenticate,
  createPasswordHasher,
  currentUser,
  type PasswordHasher,
  type TokenService,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { EventStore } from '@quitute/infra/event-store';
import { parseWith } from '@quitute/infra/http';
import { createKeyedQueue } from '@quitute/infra/keyed-queue';
import type { Logger } from '@quitute/infra/logging';
import type { Mailer } from '@quitute/infra/mail';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { createEmailLinks, type EmailLinks } from '../notifications/links';
import type { SessionView } from './session-view';
import type { CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import {
  activeUser,
  authenticateUser,
  completePasswordReset,
  confirmEmail,
  registerUser,
  requestEmailConfirmation,
  requestPasswordReset,
  runUserCommand,
  sessionVersionsFromStreams,
} from './accounts';
import { createShopSettingsReader, type ShopSettingsReader } from '../shop/settings-reader';
import { resetPasswordMail } from './mails';
import {
  accountLimiters,
  DEFAULT_RATE_LIMITS,
  type AccountRateLimits,
  type RateLimitStoreFactory,
} from './rate-limits';

/** What the accounts routes need of the captcha and mail adapters (infra/captcha, infra/mail). */
export interface CaptchaVerifier {
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
/** The mail port as the routes use it (infra's Mailer). */
export type MailSender = Pick<Mailer, 'send'>;

export interface AccountsDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  captcha: CaptchaVerifier;
  mailer: MailSender;
  /** Origin of the web app for links in e-mails; never taken from the request's Host header. */
  publicUrl: string;
  logger: Logger;
  rateLimits?: AccountRateLimits;
  /** Where the limiters keep their counters (shared by replicas); in memory by default. */
  rateLimitStore?: RateLimitStoreFactory;
  /** Today's KDF setting by default; tests pass a cheap one. */
  passwords?: PasswordHasher;
  /**
   * The users' session versions in memory (started before requests arrive);
   * without it each authenticated request reads the user's stream.
   */
  sessions?: SessionView | undefined;
  /**
   * The shop's settings, which name the shop in its e-mails; read from the
   * event store when absent (one reader per router then).
   */
  shopSettings?: ShopSettingsReader | undefined;
  /**
   * The signed links of the shop's e-mails (issue 41): confirming an e-mail and
   * unsubscribing. Built from `tokens.links`, `publicUrl` and `now` when absent.
   */
  emailLinks?: EmailLinks | undefined;
}

/** The e-mails' signed links as `deps` give them, or made from its token service. */
export function emailLinksOf(
  deps: Pick<AccountsDeps, 'emailLinks' | 'tokens' | 'publicUrl' | 'now'>,
): EmailLinks {
  return (
    deps.emailLinks ??
    createEmailLinks({ signer: deps.tokens.links, publicUrl: () => deps.publicUrl, now: deps.now })
  );
}

/** POST /api/auth/*, PUT /api/users/* (spec §7): the accounts commands. */
export function accountRoutes(deps: AccountsDeps): Router {
  const { now, tokens, captcha, logger } = deps;
  const store: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger,
    userWritten: deps.sessions?.wrote,
  };
  const limiters = accountLimiters(deps.rateLimits ?? DEFAULT_RATE_LIMITS, deps.rateLimitStore);
  const passwords = deps.passwords ?? createPasswordHasher();
  const signedIn = authenticate(tokens, deps.sessions?.lookup ?? sessionVersionsFromStreams(store));
  const shopSettings = deps.shopSettings ?? createShopSettingsReader(deps.eventStore);
  const emailLinks = emailLinksOf(deps);
  const router = Router();

  const checkCaptcha = async (req: Request, token: string) => {
    if (!(await captcha.verify(token, req.ip))) {
      throw new AppError('validation', accountMessages.captchaInvalid, {
        recaptchaToken: accountMessages.captchaInvalid,
      });
    }
  };

  router.post('/api/auth/register', ...limiters.register, async (req, res) => {
    const body = parseWith(registerBodySchema, req.body);
    await checkCaptcha(req, body.recaptchaToken);
    const { userId, position } = await registerUser(
      store,
      passwords,
      { email: body.email, name: body.name, password: body.password, role: 'user' },
      requestCommandContext(req, now),
    );
    res.status(201).json({ message: accountMessages.registered, userId, position });
  });

  router.post('/api/auth/login', ...limiters.login, async (req, res) => {
    const body = parseWith(loginBodySchema, req.body);
    await checkCaptcha(req, body.recaptchaToken);
    const { user, position } = await authenticateUser(
      store,
      passwords,
      body.email,
      body.password,
      requestCommandContext(req, now),
    );
    const profile = toProfileDto(user.userId, user);
    const response: LoginResponse = {
      userId: profile.id,
      email: profile.email,
      name: profile.name,
      token: tokens.sign({
        userId: profile.id,
        email: profile.email,
        name: profile.name,
        role: profile.role,
        sessionVersion: user.sessionVersion,
        // This session's own id: 'Sair' ends it and no other of hers.
        sid: randomUUID(),
      }),
      phone: profile.phone,
      address: profile.address,
      preferences: profile.preferences,
      role: profile.role,
      emailConfirmed: profile.emailConfirmed,
      message: accountMessages.loginSuccess,
      position,
    };
    // A token and the profile: kept by no cache, like every personal read.
    res.set('Cache-Control', 'no-store').json(response);
  });

  /**
   * 'Sair' (issue 36): this session ends on the server too, her others go on. A
   * token signed before sessions had ids has none to end: it lapses at its expiry.
   */
  router.post('/api/auth/logout', signedIn, async (req, res) => {
    const caller = currentUser(req);
    let position: number | null = null;
    if (caller.sid !== undefined) {
      const result = await runUserCommand(
        store,
        caller.userId,
        {
          type: 'SignOut',
          sessionId: caller.sid,
          expiresAt: new Date(caller.exp * 1000).toISOString(),
          now: now().toISOString(),
        },
        { ...requestCommandContext(req, now), actorId: caller.userId, actorRole: caller.role },
      );
      position = result.position;
    }
    res.set('Cache-Control', 'no-store').json({ message: accountMessages.sessionEnded, position });
  });

  const sendResetLink = async (
    email: string,
    context: ReturnType<typeof requestCommandContext>,
  ) => {
    const issued = await requestPasswordReset(store, email, context);
    if (!issued) return;
    const link = new URL(`/reset/${issued.token}`, deps.publicUrl).href;
    await deps.mailer.send(
      resetPasswordMail({
        to: issued.user.email,
        name: issued.user.name,
        link,
        shop: await shopSettings.current(),
      }),
    );
  };

  /**
   * This process's reset requests for one e-mail, issued one after another. At once,
   * each decided on the same stream and all but one append conflicted, again on each
   * retry: of a burst of them (a script, several visitors), some gave up unissued
   * after their answer had said a link was on its way. Queued, each decides on the
   * one before it and appends once; the retries meet the other writers.
   */
  const resetLinks = createKeyedQueue();

  router.post('/api/auth/reset-password', ...limiters.resetRequest, (req, res) => {
    const { email } = parseWith(resetRequestBodySchema, req.body);
    const context = requestCommandContext(req, now);
    // Answered before the e-mail is even looked up: a known and an unknown address
    // take the same time, so the answer tells nobody whether an account exists.
    res.json({ message: accountMessages.resetRequested });
    resetLinks
      .run(normalizeEmail(email), () => sendResetLink(email, context))
      .catch((error: unknown) => logger.error({ err: error }, 'password reset link not issued'));
  });

  router.post('/api/auth/reset-password/confirm', ...limiters.resetConfirm, async (req, res) => {
    const body = parseWith(resetConfirmBodySchema, req.body);
    const { position } = await completePasswordReset(
      store,
      passwords,
      body.token,
      body.newPassword,
      requestCommandContext(req, now),
    );
    res.json({ message: accountMessages.passwordReset, position });
  });

  router.put('/api/users/profile', signedIn, limiters.profileWrite, async (req, res) => {
    const changes = parseWith(profileUpdateBodySchema, req.body);
    const caller = currentUser(req);
    const result = await runUserCommand(
      store,
      caller.userId,
      { type: 'UpdateProfile', changes },
      { ...requestCommandContext(req, now), actorId: caller.userId, actorRole: caller.role },
    );
    const updated = activeUser(result.state);
    res.set('Cache-Control', 'no-store').json({
      ...toProfileDto(updated.userId, updated),
      message: accountMessages.profileUpdated,
      position: result.position,
    });
  });

  router.put('/api/users/preferences', signedIn, limiters.preferencesWrite, async (req, res) => {
    const { notifications } = parseWith(
      preferencesSchema,
      req.body,
      accountMessages.invalidPreferences,
    );
    const caller = currentUser(req);
    const result = await runUserCommand(
      store,
      caller.userId,
      { type: 'ChangePreferences', notifications },
      { ...requestCommandContext(req, now), actorId: caller.userId, actorRole: caller.role },
    );
    const profile = toProfileDto(caller.userId, activeUser(result.state));
    res.set('Cache-Control', 'no-store').json({
      notifications: profile.preferences.notifications,
      emailConfirmed: profile.emailConfirmed,
      message: accountMessages.preferencesSaved,
      position: result.position,
    });
  });

  /**
   * Issue 41: the link mailed to the account's address (public: the signed link
   * is the proof). Checked before any store read: a made-up or expired link costs
   * an HMAC, nothing more.
   */
  router.post('/api/users/confirm-email', limiters.confirmEmail, async (req, res) => {
    const { token } = parseWith(
      confirmEmailBodySchema,
      req.body,
      notificationMessages.confirmationInvalid,
    );
    const link = emailLinks.checkConfirmation(token);
    if (link.status === 'invalid') {
      throw new AppError('validation', notificationMessages.confirmationInvalid);
    }
    if (link.status === 'expired') {
      throw new AppError('validation', notificationMessages.confirmationExpired);
    }
    const { confirmedNow, position } = await confirmEmail(
      store,
      link,
      requestCommandContext(req, now),
    );
    res.json({
      message: confirmedNow
        ? notificationMessages.emailConfirmed
        : notificationMessages.alreadyConfirmed,
      position,
    });
  });

  /** Issue 41: 'Reenviar link de confirmação' (the notifier mails it); no body. */
  router.post(
    '/api/users/email-confirmation',
    signedIn,
    ...limiters.confirmationResend,
    async (req, res) => {
      const caller = currentUser(req);
      const { requested, position } = await requestEmailConfirmation(store, caller.userId, {
        ...requestCommandContext(req, now),
        actorId: caller.userId,
        actorRole: caller.role,
      });
      res.json({
        message: requested
          ? notificationMessages.confirmationSent
          : notificationMessages.alreadyConfirmed,
        position,
      });
    },
  );

  return router;
}
