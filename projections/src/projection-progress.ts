import type { ProjectionProgress } from '@quitute/infra/metrics';
import type { Projection } from './projection';
import type { ProjectionRunner } from './runner';

/**
 * How far each projection has applied the log, from the runner's public state
 * (for the metrics' lag gauge): a running projection is at least at the
 * runner's position; a stopped one stays at the event it could not apply.
 */
export function projectionProgress(
  runner: Pick<ProjectionRunner, 'position' | 'stoppedProjections'>,
  projections: readonly Pick<Projection, 'name'>[],
): ProjectionProgress[] {
  const stopped = new Map(runner.stoppedProjections.map((s) => [s.name, s.position]));
  return projections.map(({ name }) => ({
    projection: name,
    position: stopped.get(name) ?? runner.position,
  }));
}
