import { describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@quitute/contracts';
import { projections } from './registry';

describe('the projections registry', () => {
  it('given the projections this service runs, then the contracts name the same ones (what GET /api/admin/projections lists)', () => {
    expect(projections.map((projection) => projection.name)).toEqual([...PROJECTION_NAMES]);
  });
});
