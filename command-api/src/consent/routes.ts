import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  consentMessages,
  consentStreamName,
  CONSENT_ID_COOKIE,
  COOKIE_CONSENT_DAYS,
  cookieConsentBodySchema,
  type CookieConsentResponse,
  entityIdSchema,
} from '@quitute/contracts';
import type { TokenService } from '@quitute/infra/auth';
import type { EventStore } from '@quitute/infra/event-store';
import { isHttpsUrl, parseWith } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import { clientAddressKey } from '@quitute/infra/rate-limit';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { sessionVersionsFromStreams } from '../accounts/accounts';
import { optionalCaller } from '../accounts/optional-caller';
import {
  limiterFactory,
  type RateLimit,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';
import type { SessionView } from '../accounts/session-view';
import { retryOnConflict } from '../shared/command-wrappers';
import { commandStream, type CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import { consentDecider, parseConsentEvent } from './decider';

/**
 * A browser without the consent cookie starts a new stream: the per-IP limit
 * is what stops a stranger from filling the event store with them. A browser
 * posts once per choice; a busy office behind one address stays far below it.
 */
export const DEFAULT_CONSENT_RATE_LIMIT: RateLimit = { limit: 60, windowMs: 60 * 60_000 };

export interface ConsentDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  logger: Logger;
  /** The shop's origin: https there makes the consent cookie Secure. */
  publicUrl: string;
  rateLimitStore?: RateLimitStoreFactory;
  sessions?: SessionView | undefined;
  /** Per client IP; DEFAULT_CONSENT_RATE_LIMIT when absent. */
  consentRateLimit?: RateLimit | undefined;
}

const COOKIE_MAX_AGE_MS = COOKIE_CONSENT_DAYS * 24 * 60 * 60 * 1000;

/** The consent id this browser's cookie carries, when it is one of ours. */
function consentIdFromCookie(req: Request): string | null {
  for (const pair of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.split('=');
    if (name?.trim() !== CONSENT_ID_COOKIE) continue;
    const id = entityIdSchema.safeParse(value.join('=').trim());
    if (id.success) return id.data;
  }
  return null;
}

/**
 * POST /api/cookie-consent (spec §4, §7): the banner's choice, recorded as an
 * event in the browser's own stream, named by an httpOnly cookie this route
 * sets when the browser has none (365 days). The same choice again from the
 * same browser appends nothing.
 */
export function consentRoutes(deps: ConsentDeps): Router {
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const sessionVersion = deps.sessions?.lookup ?? sessionVersionsFromStreams(stores);
  const limit = limiterFactory(deps.rateLimitStore)(
    'cookie-consent-ip',
    deps.consentRateLimit ?? DEFAULT_CONSENT_RATE_LIMIT,
    clientAddressKey,
    consentMessages.tooMany,
  );
  const router = Router();

  router.post('/api/cookie-consent', limit, async (req, res) => {
    const { consent } = parseWith(cookieConsentBodySchema, req.body);
    const known = consentIdFromCookie(req);
    const consentId = known ?? randomUUID();
    const caller = await optionalCaller(req, deps.tokens, sessionVersion);
    const { position } = await retryOnConflict(
      // Two tabs choosing at once: the second decides on the first's choice.
      3,
      commandStream(
        stores.eventStore,
        consentStreamName(consentId),
        consentDecider,
        parseConsentEvent,
      ),
      { type: 'RecordConsent', consentId, consent, userId: caller?.userId },
      {
        ...requestCommandContext(req, deps.now),
        // A visitor has no account: the browser's consent record is the actor.
        actorId: caller?.userId ?? `visitor-${consentId}`,
        actorRole: caller?.role ?? 'user',
      },
    );
    if (!known) {
      res.cookie(CONSENT_ID_COOKIE, consentId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure || isHttpsUrl(deps.publicUrl),
        path: '/api/cookie-consent',
        maxAge: COOKIE_MAX_AGE_MS,
      });
    }
    res.set('Cache-Control', 'no-store').json({
      message: consentMessages.recorded,
      consent,
      position,
    } satisfies CookieConsentResponse);
  });

  return router;
}
