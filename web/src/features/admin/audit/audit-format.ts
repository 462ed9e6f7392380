import {
  formatShopDateTime,
  formatShopDayTime,
  parseShopDateTime,
  shopInstantOf,
} from '@quitute/contracts';
import { roleLabel } from '../model/admin-labels';

/**
 * The stream categories of the event log (the stream name's part before the
 * first '-', as contracts' *StreamName functions write them), in pt-BR.
 */
export const EVENT_CATEGORIES: readonly { value: string; label: string }[] = [
  { value: 'order', label: 'Pedidos (order)' },
  { value: 'payment', label: 'Pagamentos (payment)' },
  { value: 'cart', label: 'Carrinhos (cart)' },
  { value: 'user', label: 'Usuários (user)' },
  { value: 'product', label: 'Produtos (product)' },
  { value: 'review', label: 'Avaliações (review)' },
  { value: 'sale', label: 'Vendas (sale)' },
  { value: 'consent', label: 'Consentimentos (consent)' },
  { value: 'customorder', label: 'Encomendas (customorder)' },
  { value: 'catalog', label: 'Nomes de produto (catalog)' },
  { value: 'sequence', label: 'Números de pedido (sequence)' },
];

/** Who caused an event, for people: 'Sistema', or the user's name (else id) and role. */
export function actorLabel(actor: { id: string; role: string; name?: string | null }): string {
  if (actor.role === 'system') return 'Sistema';
  return `${actor.name ?? actor.id} (${roleLabel(actor.role)})`;
}

/** dd/MM/yyyy HH:mm:ss in the shop's time zone (events a few seconds apart stay apart). */
export function formatMoment(text: string): string {
  const instant = shopInstantOf(text);
  return instant ? formatShopDayTime(instant, { seconds: true }) : text;
}

/**
 * What the server is sent for a datetime-local value (the shop's wall clock,
 * `2026-11-25T14:30`): the instant with the shop's offset,
 * `2026-11-25T14:30:00-03:00`; null when it is not a date and time.
 */
export function shopInputToIso(value: string): string | null {
  const instant = parseShopDateTime(value);
  return instant ? formatShopDateTime(instant) : null;
}

/** A datetime-local value (`2026-11-25T14:30`, shop time) of a wall-clock or ISO time, '' if none. */
export function shopInputOf(text: string | null): string {
  const instant = text ? parseShopDateTime(text) : null;
  return instant ? formatShopDateTime(instant).slice(0, 16) : '';
}

/** A global position written in an address (`from`, `position`), or null when it is not one. */
export function positionOf(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const position = Number(text);
  return Number.isSafeInteger(position) ? position : null;
}

/** An event's data or metadata as people read JSON. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
