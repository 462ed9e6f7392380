import { notificationSubject } from '@quitute/contracts';
import { customerEmail } from './customer-emails';
import { layoutMjml, layoutText, type EmailContent } from './layout';
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
  return {
    subject,
    html: await compileMjml(layoutMjml(content, facts)),
    text: layoutText(content, facts),
  };
}

function contentOf(message: NotificationMessage, shop: ShopFacts): EmailContent {
  return message.kind === 'shop_new_order' || message.kind === 'shop_daily_summary'
    ? shopEmail(message, shop)
    : customerEmail(message, shop);
}
