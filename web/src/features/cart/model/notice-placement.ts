/** Where the cart's toast shows: at the foot of the screen, or under the header. */
export type NoticePlacement = 'bottom' | 'top';

/** The vertical extent of something on screen, in CSS pixels from the viewport's top. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

/**
 * The toast sits at the foot of the screen unless it would cover the button
 * that made it (an 'Adicionar ao Carrinho' low on a phone's screen): then under
 * the header, so the customer can press that button again or read what it
 * says. `toast` is where the toast stands at the foot; both boxes are measured
 * when the message appears.
 */
export function noticePlacement(
  trigger: VerticalBox | null,
  toast: VerticalBox,
  gap: number,
): NoticePlacement {
  if (trigger === null) return 'bottom';
  const covers = trigger.bottom + gap > toast.top && trigger.top - gap < toast.bottom;
  return covers ? 'top' : 'bottom';
}
