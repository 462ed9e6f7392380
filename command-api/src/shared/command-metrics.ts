import type { RequestHandler } from 'express';
import { routeLabel, UNMATCHED_ROUTE, type Metrics } from '@quitute/infra/metrics';

/** The refusals that are the command's own fault (invalid, or refused by the domain's state). */
const REJECTIONS: Readonly<Record<number, string>> = {
  400: 'validation',
  404: 'not_found',
  409: 'conflict',
  412: 'revision_conflict',
};

/**
 * Counts each command the command router answers, named by its route
 * (`PUT /api/admin/orders/:id/status`): handled when it answers 2xx, rejected
 * (with the reason) when the request was invalid or the domain refused it.
 * Counted at the route rather than inside the pipeline: a body that fails
 * validation never becomes a command object, yet is a rejected command.
 * Refusals before the command (401, 403, 429) and failures (5xx) are the HTTP
 * histogram's to show.
 */
export function countCommands(
  metrics: Pick<Metrics, 'commandHandled' | 'commandRejected'>,
): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      const route = routeLabel(req);
      if (route === UNMATCHED_ROUTE) return;
      const command = `${req.method} ${route}`;
      const rejection = REJECTIONS[res.statusCode];
      if (res.statusCode >= 200 && res.statusCode < 300) metrics.commandHandled(command);
      else if (rejection) metrics.commandRejected(command, rejection);
    });
    next();
  };
}
