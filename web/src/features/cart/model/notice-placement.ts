/** Where the cart's toast shows: at the foot of the screen, or under the header. */
export type NoticePlacement = 'bottom' | 'top';

/** The vertical extent of something on screen, in CSS pixels from the viewport's top. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

/**
 * The toast sits at the foot of the screen unless there it would cover what
 * the customer must still reach: the button that made it (an 'Adicionar ao
 * Carrinho' low on a phone's screen) or another bar at the foot (the cookie
 * banner's buttons). Then it goes under the header, so she can press that
 * button again or answer the banner. `toast` is where the toast stands at the
 * foot; every box is measured when the message appears.
 */
export function noticePlacement(
  keepClear: readonly VerticalBox[],
  toast: VerticalBox,
  gap: number,
): NoticePlacement {
  const covers = (box: VerticalBox) => box.bottom + gap > toast.top && box.top - gap < toast.bottom;
  return keepClear.some(covers) ? 'top' : 'bottom';
}
