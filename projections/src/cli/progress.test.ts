import { describe, expect, it } from 'vitest';
import { progressLine } from './progress';

describe('the CLI progress line', () => {
  it('given a quarter of the log read in one second, then the bar, the rate and the time left', () => {
    const line = progressLine(
      {
        projection: 'orders_v4',
        phase: 'reading',
        events: 50_000,
        position: 50_000,
        head: 200_000,
        elapsedMs: 1_000,
      },
      8,
    );
    expect(line).toBe('lendo o log [██░░░░░░] 25% · 50.000 eventos · 50.000 eventos/s · ETA 3 s');
  });

  it('given nothing read yet, then no time left is guessed', () => {
    const line = progressLine(
      { projection: 'x', phase: 'reading', events: 0, position: 0, head: 10, elapsedMs: 5 },
      4,
    );
    expect(line).toBe('lendo o log [░░░░] 0% · 0 eventos · 0 eventos/s · ETA ?');
  });
});
