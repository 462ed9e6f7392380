import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  loginResponseSchema,
  userStreamName,
  type AccountEvent,
  type NotificationPreferences,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore, type RecordedEvent } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import type { Mail } from '@quitute/infra/mail';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords, listenOnFreePort } from '@quitute/infra/testing';
import { createCommandApp } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { createEmailLinks } from '../notifications/links';
import type { CommandStores } from '../shared/handle-command';
import { parseAccountEvent, userDecider } from './decider';
import { DEFAULT_RATE_LIMITS, type AccountRateLimits } from './rate-limits';

/**
 * command-api alone over real HTTP for the issue 41 account routes (confirm an
 * e-mail, one-click unsubscribe), as behind the reverse proxy: a request's client
 * is its X-Forwarded-For. Its clock is the real one plus `clock.offsetMs`, and
 * `links` signs e-mail links as the notifier does (same secret, same clock).
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const publicUrl = 'http://loja.test';

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with this content type (a mail client's form post). */
  raw?: { contentType: string; text: string };
  /** The client's address, as the proxy names it. */
  from?: string;
}

export async function openAccountsApi(options: { rateLimits?: AccountRateLimits } = {}) {
  const eventStore = createMemoryEventStore();
  const snapshotStore = createMemorySnapshotStore();
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const tokens = createTokenService({ secret });
  const mails: Mail[] = [];
  const app = createCommandApp({
    eventStore,
    // Never started: no account route resolves a product.
    catalog: createCatalogView({ eventStore }),
    snapshotStore,
    now,
    tokens,
    captcha: { verify: async () => true },
    mailer: {
      send: async (mail) => {
        mails.push(mail);
      },
    },
    publicUrl,
    trustProxy: ['loopback'],
    logger: silentLogger,
    passwords: cheapPasswords,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
  });
  const server = await listenOnFreePort(app);
  const links = createEmailLinks({ signer: tokens.links, publicUrl: () => publicUrl, now });
  const stores: CommandStores = { eventStore, snapshotStore, logger: silentLogger };

  const call = async (method: string, route: string, request: CallOptions = {}) => {
    const headers: Record<string, string> = {
      'x-forwarded-for': request.from ?? '198.51.100.2',
    };
    if (request.token) headers['authorization'] = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.raw) {
      headers['content-type'] = request.raw.contentType;
      body = request.raw.text;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(10_000),
    });
    const parsed: unknown = await response.json();
    return { status: response.status, body: parsed };
  };

  /** Registers an account over HTTP and logs it in: its id, e-mail, token and the login's answer. */
  const customer = async (name = 'Ana Lima') => {
    const email = `${randomUUID()}@example.com`;
    const password = 'Segredo123';
    const registered = await call('POST', '/api/auth/register', {
      body: { name, email, password, recaptchaToken: 'resolvido' },
    });
    expect(registered.status).toBe(201);
    const login = async () => {
      const answer = await call('POST', '/api/auth/login', {
        body: { email, password, recaptchaToken: 'resolvido' },
      });
      expect(answer.status).toBe(200);
      return loginResponseSchema.parse(answer.body);
    };
    const session = await login();
    return { userId: session.userId, email, password, token: session.token, session, login };
  };

  /** The account's events, as stored. */
  const eventsOf = (userId: string): Promise<RecordedEvent[]> =>
    eventStore.readStream(userStreamName(userId));

  /** The account's state as its stream folds it now. */
  const stateOf = async (userId: string) => {
    const events = (await eventsOf(userId))
      .map(parseAccountEvent)
      .filter((event): event is AccountEvent => event !== null);
    return events.reduce(userDecider.evolve, userDecider.initialState);
  };

  /** The account's notification preferences, from its stream. */
  const preferencesOf = async (userId: string): Promise<NotificationPreferences | null> => {
    const state = await stateOf(userId);
    return state.status === 'active' ? state.notifications : null;
  };

  return {
    call,
    customer,
    links,
    clock,
    mails,
    stores,
    eventStore,
    eventsOf,
    stateOf,
    preferencesOf,
    /** The token of a link the e-mails carry. */
    tokenOf: (link: string) => new URL(link).searchParams.get('token') ?? '',
    close: () => server.close(),
  };
}

export type AccountsApi = Awaited<ReturnType<typeof openAccountsApi>>;
