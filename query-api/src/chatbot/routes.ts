import express, { Router, type Request } from 'express';
import type { Store } from 'express-rate-limit';
import {
  CHATBOT_WEBHOOK_TIMEOUT_MS,
  chatbotBodySchema,
  chatbotMessages,
  chatbotReplySchema,
  orderDocumentSchema,
  ORDERS_COLLECTION,
  productDocumentSchema,
  PRODUCTS_COLLECTION,
  scheduleHoursText,
  type ChatbotReply,
  type TokenClaims,
} from '@quitute/contracts';
import { sessionIsOpen, type SessionVersionLookup, type TokenVerifier } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import type { ReadStore } from '@quitute/infra/read-store';
import { rateLimiter } from '@quitute/infra/rate-limit';
import { scheduleReader } from '../schedule/calendar';
import { shopSettingsReader } from '../shop/settings';
import {
  asksForOrderStatus,
  chatbotReply,
  type CustomerFact,
  type LastOrderFact,
  type MenuFact,
} from './assistant';
import { SHOWN_TO_CUSTOMER } from '../ordering/routes';

/**
 * A person types a few messages a minute; the limit, per client address and
 * checked before the body is even read, bounds what a stranger can make this
 * service (or the external workflow) do. Keyed by the address the service
 * sees (TRUST_PROXY decides which), never by anything the request says, so no
 * one can spend another client's allowance.
 */
export const DEFAULT_CHATBOT_RATE_LIMIT = { limit: 30, windowMs: 60_000 };

/** A message of 500 characters fits well within this, escapes and all. */
const BODY_LIMIT = '8kb';
/** Messages waiting on the external workflow at once; beyond it the chat answers 503 at once. */
const MAX_FORWARDS_IN_FLIGHT = 50;
/** The most of the workflow's answer read, and the longest reply passed on. */
const MAX_WEBHOOK_ANSWER_BYTES = 64 * 1024;
const MAX_REPLY_LENGTH = 4_000;

export interface ChatbotOptions {
  /** CHATBOT_WEBHOOK_URL: every message goes to that workflow instead of the built-in assistant. */
  webhookUrl?: string | undefined;
  webhookTimeoutMs?: number | undefined;
  rateLimit?: { limit: number; windowMs: number } | undefined;
  /** Where the limiter keeps its counters (shared by replicas); in memory by default. */
  rateLimitStore?: ((name: string) => Store | undefined) | undefined;
}

/** What the assistant needs of an order (read leniently: the orders read model grows fields). */
const lastOrderSchema = orderDocumentSchema.pick({
  orderNumber: true,
  orderStatus: true,
  paymentStatus: true,
  createdAt: true,
  deliveryType: true,
  deliveryDate: true,
});

/** The `reply` of the workflow's JSON answer, if it has one. */
function replyIn(text: string): string | null {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = workflowAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.reply : null;
}

/** Of the workflow's answer only `reply` is read: its links, if any, are not the shop's to offer. */
const workflowAnswerSchema = chatbotReplySchema.pick({ reply: true });

const visitor: CustomerFact = { signedIn: false };

class WebhookFailure extends Error {
  override readonly name = 'WebhookFailure';
}

/** The body, or a failure when it is larger than `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new WebhookFailure('the chatbot workflow answered too much');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POST /api/chatbot {message} → {reply, links?} (spec §7). Served by query-api: the
 * built-in assistant answers from the read models (the menu; the shop's
 * settings, so the hours and contacts it tells are the ones the admin saved
 * last; for a signed-in customer, their own last order: the optional bearer
 * token decides whose, never the message). With CHATBOT_WEBHOOK_URL set the
 * message goes to that external workflow instead; its failure is 503 with the
 * spec's chat error.
 */
export function chatbotRoutes(deps: {
  readStore: ReadStore;
  tokens: TokenVerifier;
  sessionVersions: SessionVersionLookup;
  logger: Logger;
  options?: ChatbotOptions | undefined;
}): Router {
  const options = deps.options ?? {};
  const settings = shopSettingsReader(deps.readStore);
  const calendar = scheduleReader(deps.readStore);
  const products = deps.readStore.collection(PRODUCTS_COLLECTION);
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const { limit, windowMs } = options.rateLimit ?? DEFAULT_CHATBOT_RATE_LIMIT;
  const limiter = rateLimiter({
    name: 'chatbot-ip',
    limit,
    windowMs,
    store: options.rateLimitStore?.('chatbot-ip'),
    message: chatbotMessages.tooMany,
  });
  const jsonBody = express.json({ limit: BODY_LIMIT, strict: true, inflate: false });
  let forwardsInFlight = 0;

  const menu = async (): Promise<MenuFact[]> => {
    const listed = await products.find(
      { isActive: true, isDeleted: false },
      { sort: { addedAt: 1 } },
    );
    return listed.map((stored) => {
      const { name, priceCents, category, itens } = productDocumentSchema.parse(stored);
      return { name, priceCents, category, itens };
    });
  };

  /** The caller when a valid token of a live session came along; a visitor otherwise (the chat needs no login). */
  const callerId = async (req: Request): Promise<string | null> => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization')?.trim() ?? '');
    if (!match?.[1]) return null;
    let claims: TokenClaims;
    try {
      claims = deps.tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    return sessionIsOpen(claims, await deps.sessionVersions(claims.userId)) ? claims.userId : null;
  };

  /** The caller's own last order: looked up by the token's user id, whatever the message names. */
  const customer = async (req: Request): Promise<CustomerFact> => {
    const userId = await callerId(req);
    if (!userId) return { signedIn: false };
    const [stored] = await orders.find(
      // The orders her own page lists: a paid one stays hers even if deleted (issue 38).
      { userId, ...SHOWN_TO_CUSTOMER },
      { sort: { createdAt: -1, orderNumber: -1 }, limit: 1 },
    );
    const lastOrder: LastOrderFact | null = stored ? lastOrderSchema.parse(stored) : null;
    return { signedIn: true, lastOrder };
  };

  const forward = async (url: string, message: string): Promise<string> => {
    if (forwardsInFlight >= MAX_FORWARDS_IN_FLIGHT) {
      throw new AppError('unavailable', chatbotMessages.failed);
    }
    forwardsInFlight += 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ message }),
        redirect: 'error',
        signal: AbortSignal.timeout(options.webhookTimeoutMs ?? CHATBOT_WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new WebhookFailure(`the chatbot workflow answered ${response.status}`);
      }
      const text = await readCapped(response, MAX_WEBHOOK_ANSWER_BYTES);
      // spec §7: an answer without a (non-blank) reply field gets the "not understood" text.
      const reply = replyIn(text)?.trim() ?? '';
      return reply === '' ? chatbotMessages.notUnderstood : reply.slice(0, MAX_REPLY_LENGTH);
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.warn({ err: error }, 'chatbot workflow failed');
      throw new AppError('unavailable', chatbotMessages.failed);
    } finally {
      forwardsInFlight -= 1;
    }
  };

  const router = Router();
  router.post('/api/chatbot', limiter, jsonBody, async (req, res) => {
    const { message } = parseWith(chatbotBodySchema, req.body);
    let answer: ChatbotReply;
    if (options.webhookUrl) {
      answer = { reply: await forward(options.webhookUrl, message) };
    } else {
      const [menuFacts, shop, { schedule }, customerFact] = await Promise.all([
        menu(),
        // Not there yet (the first start's seed still being projected): the spec's chat error.
        settings.current(chatbotMessages.failed),
        calendar.current(),
        asksForOrderStatus(message) ? customer(req) : visitor,
      ]);
      answer = chatbotReply(message, {
        menu: menuFacts,
        shop: shop.settings,
        calendar: { hoursText: scheduleHoursText(schedule), leadDays: schedule.leadDays },
        customer: customerFact,
      });
    }
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
