import { describe, expect, it } from 'vitest';
import { targetTable, type TargetRow } from './targets';

const row = (measured: number, kind: TargetRow['kind']): TargetRow => ({
  issue: '#14',
  figure: 'cold start',
  measured,
  unit: 's',
  kind,
  goal: 10,
});

describe('the targets table', () => {
  it('given a time at most its target, then met; above it, then NO', () => {
    expect(targetTable([row(9.5, 'at most'), row(10.2, 'at most')])).toEqual([
      { issue: '#14', figure: 'cold start', measured: '9.5 s', target: '≤ 10 s', met: 'yes' },
      { issue: '#14', figure: 'cold start', measured: '10.2 s', target: '≤ 10 s', met: 'NO' },
    ]);
  });

  it('given a rate below its floor, then NO; a figure that could not be measured says so', () => {
    expect(
      targetTable([row(9, 'at least'), row(Number.NaN, 'at least')]).map((r) => r['met']),
    ).toEqual(['NO', 'not measured']);
  });
});
