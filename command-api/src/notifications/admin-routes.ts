import { Router } from 'express';
import { notificationMessages } from '@quitute/contracts';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import { requestNotificationRetry } from './notifications';

/**
 * POST /api/admin/notifications/:id/retry (issue 41): an admin asks to send a
 * failed notification again (its last attempt failed, or it was interrupted
 * and she checked it did not arrive). Unknown or malformed id → 404; not
 * failed → 409; else NotificationRetryRequested, on which the notifier starts
 * the next attempt at once. Behind the admin guard of createCommandRouter.
 */
export function adminNotificationRoutes(deps: AdminDeps): Router {
  const router = Router();

  router.post('/api/admin/notifications/:id/retry', async (req, res) => {
    const notificationId = idParam(req, notificationMessages.notificationNotFound);
    const { position } = await requestNotificationRetry(
      deps.eventStore,
      notificationId,
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, { message: notificationMessages.retryRequested, position });
  });

  return router;
}
