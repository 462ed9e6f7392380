import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './on-first-interaction';

function formWithWidget() {
  document.body.innerHTML = '<form><input name="email"><div id="widget"></div></form>';
  const widget = document.getElementById('widget');
  const input = document.querySelector('input');
  if (!widget || !input) throw new Error('the form is on the page');
  return { form: widget.closest('form'), widget, input };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('onFirstInteraction', () => {
  it('given a form, then nothing loads until the first focus in it, and later focus and touches load nothing more', () => {
    const { widget, input, form } = formWithWidget();
    const load = vi.fn();

    onFirstInteraction(widget, load);
    expect(load).not.toHaveBeenCalled();

    input.focus();
    expect(load).toHaveBeenCalledTimes(1);

    input.blur();
    input.focus();
    form?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('given a form, when touched first (a click on the widget), then it loads', () => {
    const { widget } = formWithWidget();
    const load = vi.fn();

    onFirstInteraction(widget, load);
    widget.dispatchEvent(new Event('pointerdown', { bubbles: true }));

    expect(load).toHaveBeenCalledTimes(1);
  });

  it('given the focus already in the form, or no form at all, then it loads at once', () => {
    const { widget, input } = formWithWidget();
    input.focus();
    const inForm = vi.fn();
    onFirstInteraction(widget, inForm);

    const loose = document.createElement('div');
    document.body.append(loose);
    const noForm = vi.fn();
    onFirstInteraction(loose, noForm);

    expect(inForm).toHaveBeenCalledTimes(1);
    expect(noForm).toHaveBeenCalledTimes(1);
  });

  it('given the clean-up before any focus, then a later focus loads nothing', () => {
    const { widget, input } = formWithWidget();
    const load = vi.fn();

    onFirstInteraction(widget, load)();
    input.focus();

    expect(load).not.toHaveBeenCalled();
  });
});
