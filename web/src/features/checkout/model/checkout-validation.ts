import { checkoutBodySchema } from '@quitute/contracts';
import {
  FIELD_ORDER,
  fieldOf,
  type CheckoutDraft,
  type CheckoutErrors,
  type CheckoutValidation,
} from './checkout-form';

/*
 * The checkout's rules are the contracts' zod schema (zod: 25 kB gzipped):
 * the page loads this module on the form's first focus or on payment
 * (loadCheckoutValidation), not with the page (issue 14's budget).
 */

/**
 * The checkout rules (spec §5) through the schema the server applies too
 * (`checkoutBodySchema(now)`): each field gets its first message. Before the
 * card form has produced a token, the missing token is not an error yet.
 */
export function validateCheckout(
  draft: CheckoutDraft,
  now: Date,
  { beforeCardForm = false }: { beforeCardForm?: boolean } = {},
): CheckoutValidation {
  const parsed = checkoutBodySchema(now).safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: CheckoutErrors = {};
  let general: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (field === 'token') {
      if (!beforeCardForm) general ??= issue.message;
    } else if (field === null) {
      general ??= issue.message;
    } else {
      errors[field] ??= issue.message;
    }
  }
  const first = FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
  if (first === null && general === null) return { ok: true, body: null };
  return { ok: false, errors, first, general };
}
