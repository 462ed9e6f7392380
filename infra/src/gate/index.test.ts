import { describe, expect, it } from 'vitest';
import { boundedGate } from './index';

function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('boundedGate', () => {
  it('given two slots and five tasks, then two run at once and the rest start in order as slots free', async () => {
    const gate = boundedGate({ running: 2 });
    const tasks = Array.from({ length: 5 }, held);
    const started: number[] = [];
    const runs = tasks.map((task, index) =>
      gate(async () => {
        started.push(index);
        await task.done;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    tasks[0]?.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A task arriving now waits behind those already waiting: the slot went to task 2.
    const late = gate(async () => void started.push(99));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2]);

    for (const task of tasks) task.release();
    await Promise.all([...runs, late]);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
  });

  it('given a bounded queue that is full, then the next task is refused at once with the given error', async () => {
    const gate = boundedGate({ running: 1, waiting: 1 }, () => new Error('cheio'));
    const first = held();
    const running = gate(() => first.done);
    const queued = gate(async () => 'queued');
    await expect(gate(async () => 'refused')).rejects.toThrow('cheio');
    first.release();
    await running;
    expect(await queued).toBe('queued');
  });
});
