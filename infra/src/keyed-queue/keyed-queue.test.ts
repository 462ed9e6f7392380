import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './index';

/** A task that records when it starts and ends, and ends when told to. */
function controlledTask(name: string, log: string[]) {
  let finish: (outcome: 'ok' | 'fail') => void = () => {};
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`${name} started`);
      finish = (outcome) => {
        log.push(`${name} ended`);
        if (outcome === 'ok') resolve(name);
        else reject(new Error(name));
      };
    });
  return { task, finish: (outcome: 'ok' | 'fail') => finish(outcome) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createKeyedQueue', () => {
  it('given a task running under a key, when another is run under that key, then it starts only once the first ended', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const first = controlledTask('first', log);
    const second = controlledTask('second', log);

    const firstResult = queue.run('cart-1', first.task);
    const secondResult = queue.run('cart-1', second.task);
    await settle();

    expect(log).toEqual(['first started']);
    first.finish('ok');
    await settle();
    expect(log).toEqual(['first started', 'first ended', 'second started']);
    second.finish('ok');
    expect(await Promise.all([firstResult, secondResult])).toEqual(['first', 'second']);
  });

  it('given a task running under a key, when one is run under another key, then it starts at once', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const first = controlledTask('first', log);
    const other = controlledTask('other', log);

    void queue.run('cart-1', first.task);
    void queue.run('cart-2', other.task);
    await settle();

    expect(log).toEqual(['first started', 'other started']);
    first.finish('ok');
    other.finish('ok');
  });

  it('given a task that fails, then its caller hears of it and the next task under its key still runs', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const failing = controlledTask('failing', log);
    const next = controlledTask('next', log);

    const failed = queue.run('cart-1', failing.task);
    const after = queue.run('cart-1', next.task);
    await settle();
    failing.finish('fail');
    await expect(failed).rejects.toThrow('failing');
    await settle();
    next.finish('ok');

    expect(await after).toBe('next');
    expect(log).toEqual(['failing started', 'failing ended', 'next started', 'next ended']);
  });

  it('given every task under a key ended, when another is run, then it starts at once', async () => {
    const queue = createKeyedQueue();
    await queue.run('cart-1', () => Promise.resolve('first'));
    await settle();
    const log: string[] = [];
    const later = controlledTask('later', log);

    void queue.run('cart-1', later.task);

    expect(log).toEqual(['later started']);
    later.finish('ok');
  });
});
