import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubRevealing } from '../testing/reveal';
import { reveal } from './reveal';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function heading(): HTMLElement {
  const element = document.createElement('h2');
  element.tabIndex = -1;
  document.body.append(element);
  return element;
}

describe('reveal', () => {
  it('given a heading that just appeared, when revealed, then it is scrolled to smoothly and focused', () => {
    const scrollIntoView = stubRevealing();
    const target = heading();

    reveal(target);

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(target);
  });

  it('given the customer asked for reduced motion, when revealed, then the page jumps without animation', () => {
    const scrollIntoView = stubRevealing({ reducedMotion: true });

    reveal(heading());

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
