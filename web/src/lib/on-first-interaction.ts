/**
 * Calls `load` once, when the visitor starts on the form around `element`: the
 * first focus or touch in it (or at once if the focus is already there, or if
 * there is no form). For code a form needs only once used, such as the
 * captcha widget (issue 14's budget). Returns the clean-up.
 */
export function onFirstInteraction(element: Element, load: () => void): () => void {
  const form = element.closest('form');
  if (!form || form.contains(document.activeElement)) {
    load();
    return () => undefined;
  }
  const start = () => {
    stop();
    load();
  };
  const stop = () => {
    form.removeEventListener('focusin', start);
    form.removeEventListener('pointerdown', start);
  };
  form.addEventListener('focusin', start);
  form.addEventListener('pointerdown', start);
  return stop;
}
