import {
  accountMessages,
  confirmEmailBodySchema,
  EMAIL_CONFIRMATION_RESENDS_PER_HOUR,
  notificationMessages,
  UNSUBSCRIBE_API_PATH,
} from '@quitute/contracts';
import { json } from './fetch-stub';

/** How command-api answers a confirmation link's token. */
export type ConfirmationOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'stale';

export interface EmailLinksServerOptions {
  /** The confirmation tokens the server knows; any other is refused as invalid. */
  confirmations?: Record<string, ConfirmationOutcome>;
  /** The unsubscribe tokens the server knows, and whether her e-mail preference is still on. */
  unsubscribes?: Record<string, { emailOn: boolean }>;
}

/**
 * The e-mail links' routes as command-api answers them (issue 41): POST
 * /api/users/confirm-email, POST /api/notifications/unsubscribe?token= and the
 * signed-in POST /api/users/email-confirmation (3 an hour, then 429). `answer`
 * returns undefined for any other request, to go with stubAccountApi's handler.
 */
export function fakeEmailLinksServer(options: EmailLinksServerOptions = {}) {
  const state = {
    confirmations: { ...options.confirmations },
    unsubscribes: { ...options.unsubscribes },
    resends: 0,
    position: 200,
  };
  const done = (message: string) => {
    state.position += 1;
    return json({ message, position: state.position });
  };
  const answer = async (url: URL, request: Request): Promise<Response | undefined> => {
    if (request.method !== 'POST') return undefined;
    if (url.pathname === '/api/users/confirm-email') {
      const body = confirmEmailBodySchema.safeParse(await request.clone().json());
      const outcome = body.success ? state.confirmations[body.data.token] : undefined;
      switch (outcome) {
        case undefined:
          return json({ message: notificationMessages.confirmationInvalid }, { status: 400 });
        case 'expired':
          return json({ message: notificationMessages.confirmationExpired }, { status: 400 });
        case 'stale':
          return json({ message: notificationMessages.confirmationStale }, { status: 409 });
        case 'already-confirmed':
          return json({ message: notificationMessages.alreadyConfirmed });
        case 'confirmed':
          if (body.success) state.confirmations[body.data.token] = 'already-confirmed';
          return done(notificationMessages.emailConfirmed);
      }
    }
    if (url.pathname === UNSUBSCRIBE_API_PATH) {
      const token = url.searchParams.get('token') ?? '';
      const account = state.unsubscribes[token];
      if (!account) {
        return json({ message: notificationMessages.unsubscribeInvalid }, { status: 400 });
      }
      if (!account.emailOn) return json({ message: notificationMessages.alreadyUnsubscribed });
      account.emailOn = false;
      return done(notificationMessages.unsubscribed);
    }
    if (url.pathname === '/api/users/email-confirmation') {
      if (!request.headers.get('Authorization')) {
        return json({ message: 'Token de autenticação não encontrado.' }, { status: 401 });
      }
      state.resends += 1;
      if (state.resends > EMAIL_CONFIRMATION_RESENDS_PER_HOUR) {
        return json({ message: accountMessages.tooManyRequests }, { status: 429 });
      }
      return done(notificationMessages.confirmationSent);
    }
    return undefined;
  };
  return { state, answer };
}
