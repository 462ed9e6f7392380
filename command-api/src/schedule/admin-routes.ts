import { Router } from 'express';
import {
  kitchenScheduleBodySchema,
  SCHEDULE_STREAM,
  scheduleMessages,
  type AdminScheduleDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, type AdminDeps } from '../admin/http';
import { changeSchedule } from './schedule';

/**
 * PUT /api/admin/schedule (issue 40): the admin saves the kitchen's calendar,
 * the whole document, checked with its pt-BR messages (400, nothing
 * recorded). The answer is the calendar as saved, with when, by whom and at
 * which position it was last changed (unchanged: as it already was). Behind
 * the admin guard of createCommandRouter.
 */
export function adminScheduleRoutes(deps: AdminDeps): Router {
  const router = Router();

  router.put('/api/admin/schedule', async (req, res) => {
    const schedule = parseWith(kitchenScheduleBodySchema, req.body);
    const saved = await changeSchedule(
      deps.eventStore,
      schedule,
      adminCommandContext(req, deps.now),
    );
    // The event the saved state ends with: its metadata says who saved it, and when.
    const [last] = await deps.eventStore.readStream(SCHEDULE_STREAM, {
      fromRevision: saved.revision,
      maxCount: 1,
    });
    if (saved.state === null || !last) throw new Error('the kitchen schedule was not saved');
    answer(req, res, deps, 200, {
      message: scheduleMessages.saved,
      ...saved.state,
      updatedAt: last.metadata.occurredAt,
      updatedBy: last.metadata.actorId,
      position: last.position,
    } satisfies AdminScheduleDto & { message: string });
  });

  return router;
}
