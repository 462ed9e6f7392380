import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import {
  accountMessages,
  isPaymentProcessCommandName,
  messages,
  paymentProcessRequestSchemas as schemas,
  type PaymentProcessCommandName,
  type PaymentProcessCommands,
} from '@quitute/contracts';
import { AppError, notFound } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';

/** The shortest service token accepted (INTERNAL_API_TOKEN; the config says the same). */
export const MIN_INTERNAL_TOKEN_LENGTH = 32;

const BEARER = /^Bearer ([\x21-\x7E]+)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets through only a caller presenting the service token. Both sides are
 * hashed first, so the comparison takes as long whatever the length or the
 * first wrong character of what was sent.
 */
export function requireServiceToken(token: string): RequestHandler {
  if (token.length < MIN_INTERNAL_TOKEN_LENGTH) {
    throw new Error(`the service token needs at least ${MIN_INTERNAL_TOKEN_LENGTH} characters`);
  }
  const expected = digest(token);
  return (req, _res, next) => {
    const given = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (given === undefined) throw new AppError('unauthorized', accountMessages.tokenMissing);
    if (!timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthorized', accountMessages.tokenInvalid);
    }
    next();
  };
}

/** Parses the body the command takes and runs it. */
function run(
  commands: PaymentProcessCommands,
  name: PaymentProcessCommandName,
  body: unknown,
): Promise<void> {
  switch (name) {
    case 'markOrderPaid': {
      const { input, cause } = parseWith(schemas.markOrderPaid, body);
      return commands.markOrderPaid(input, cause);
    }
    case 'cancelOrder': {
      const { input, cause } = parseWith(schemas.cancelOrder, body);
      return commands.cancelOrder(input, cause);
    }
    case 'checkOutCart': {
      const { input, cause } = parseWith(schemas.checkOutCart, body);
      return commands.checkOutCart(input, cause);
    }
    case 'recordOnlineSale': {
      const { input, cause } = parseWith(schemas.recordOnlineSale, body);
      return commands.recordOnlineSale(input, cause);
    }
    case 'reverseOnlineSale': {
      const { input, cause } = parseWith(schemas.reverseOnlineSale, body);
      return commands.reverseOnlineSale(input, cause);
    }
    case 'refundApprovedPayment': {
      const { input, cause } = parseWith(schemas.refundApprovedPayment, body);
      return commands.refundApprovedPayment(input, cause);
    }
    case 'expirePayment': {
      const { input, cause } = parseWith(schemas.expirePayment, body);
      return commands.expirePayment(input, cause);
    }
    case 'syncPaymentFromProvider': {
      const { input, cause } = parseWith(schemas.syncPaymentFromProvider, body);
      return commands.syncPaymentFromProvider(input, cause);
    }
    default: {
      const unexpected: never = name;
      throw new Error(`Unexpected command ${String(unexpected)}`);
    }
  }
}

/**
 * POST /internal/payment-process/{command} `{input, cause}` → 204: the payment
 * process commands for the projections service's process manager (distributed
 * topology), which has no event store writes of its own. Service to service
 * only: behind the service token, and nginx never routes /internal/ from
 * outside. Each command is idempotent, so a client may retry any of them.
 */
export function internalPaymentProcessRoutes(options: {
  commands: PaymentProcessCommands;
  token: string;
}): Router {
  const { commands } = options;
  const router = Router();
  router.post(
    '/internal/payment-process/:command',
    requireServiceToken(options.token),
    // Small bodies (ids and an envelope), never compressed, as on the shop's own routes.
    express.json({ limit: '16kb', strict: true, inflate: false }),
    async (req, res) => {
      const name = req.params.command;
      if (typeof name !== 'string' || !isPaymentProcessCommandName(name))
        throw notFound(messages.notFound);
      await run(commands, name, req.body);
      res.status(204).end();
    },
  );
  return router;
}
