/** The shop's pages an e-mail links to, under its public origin. */

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** Her order's page (customer-spec: /my-orders/{orderId}, 'Ver meu pedido'). */
export function myOrderUrl(publicUrl: string, orderId: string): string {
  return `${origin(publicUrl)}/my-orders/${encodeURIComponent(orderId)}`;
}

export function menuUrl(publicUrl: string): string {
  return `${origin(publicUrl)}/cardapio`;
}

export function reviewsUrl(publicUrl: string): string {
  return `${origin(publicUrl)}/avaliacoes`;
}

/** The admin's orders page (admin-spec: /admin/orders). */
export function adminOrdersUrl(publicUrl: string): string {
  return `${origin(publicUrl)}/admin/orders`;
}

/** The admin's page of one order (admin-spec: /admin/orders/{orderId}). */
export function adminOrderUrl(publicUrl: string, orderId: string): string {
  return `${adminOrdersUrl(publicUrl)}/${encodeURIComponent(orderId)}`;
}

/** The kitchen's sheet of a day (issue 40: /admin/producao?date=YYYY-MM-DD). */
export function productionUrl(publicUrl: string, date: string): string {
  return `${origin(publicUrl)}/admin/producao?date=${encodeURIComponent(date)}`;
}
