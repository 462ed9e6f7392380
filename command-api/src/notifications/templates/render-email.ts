import { notificationSubject } from '@quitute/contracts';
import { customerEmail } from './customer-emails';
import { layoutMjml, layoutText, type EmailContent } from './layout';
import { putValuesBack, withValuesAside } from './html';
import { compileMjml } from './mjml';
import { shopEmail } from './shop-emails';
import type { EmailLinksFor, NotificationMessage, RenderedEmail, ShopFacts } from './types';

/**
 * One notification's e-mail (issue 41): the subject from contracts, the HTML
 * compiled from MJML (async: mjml 5 compiles in a promise; it rejects when the
 * MJML is invalid) and a plain-text part written from the same blocks. Pure:
 * the same facts give the same e-mail.
 */
export async function renderEmail(
  message: NotificationMessage,
  shop: ShopFacts,
  links: EmailLinksFor,
): Promise<RenderedEmail> {
  const subject = notificationSubject(message.kind, {
    shopName: shop.settings.name,
    orderNumber: 'order' in message ? message.order.orderNumber : null,
    ...(message.kind === 'shop_daily_summary' ? { date: message.date } : {}),
  });
  const content = contentOf(message, shop);
  const facts = { subject, shop, unsubscribe: links.unsubscribe };
  const { written: shape, values } = withValuesAside(() => layoutMjml(content, facts));
  return {
    subject,
    html: putValuesBack(await compiledShape(shape), values),
    text: layoutText(content, facts),
  };
}

/** E-mail shapes compiled lately (a kind, its number of lines, what it says or not). */
const SHAPES_KEPT = 200;
const compiledShapes = new Map<string, Promise<string>>();

/** The compiled HTML of an e-mail's shape, compiled once while it is kept (a failure is not kept). */
function compiledShape(shape: string): Promise<string> {
  const kept = compiledShapes.get(shape);
  if (kept) {
    // Most recently used last: the first key is the one to forget.
    compiledShapes.delete(shape);
    compiledShapes.set(shape, kept);
    return kept;
  }
  const compiled = compileMjml(shape);
  compiledShapes.set(shape, compiled);
  compiled.catch(() => compiledShapes.delete(shape));
  const oldest = compiledShapes.keys().next().value;
  if (compiledShapes.size > SHAPES_KEPT && oldest !== undefined) compiledShapes.delete(oldest);
  return compiled;
}

function contentOf(message: NotificationMessage, shop: ShopFacts): EmailContent {
  return message.kind === 'shop_new_order' || message.kind === 'shop_daily_summary'
    ? shopEmail(message, shop)
    : customerEmail(message, shop);
}
