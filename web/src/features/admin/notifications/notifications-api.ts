import {
  adminNotificationListSchema,
  type AdminNotificationList,
  type NotificationStatus,
} from '@quitute/contracts';
import { z } from 'zod';
import { commandApi } from '../../../api/command-api';
import { adminCommandReading, adminQuery, adminQueryApi, params, path } from '../api/admin-base';

export interface NotificationsArgs {
  /** '' for every status. */
  status: NotificationStatus | '';
  page: number;
}

/** GET /api/admin/notifications (query-api): newest first, a page of the status asked. */
export const notificationsQueryApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminNotifications: build.query<AdminNotificationList, NotificationsArgs>(
      adminQuery(
        ({ status, page }) => ({
          url: '/api/admin/notifications',
          params: params({ status, page }),
        }),
        adminNotificationListSchema,
        ['AdminNotifications'],
      ),
    ),
  }),
});

/** What the retry answers besides its position: the message the page shows. */
const retryAnswerSchema = z.object({ message: z.string() });

/**
 * POST /api/admin/notifications/:id/retry (command-api): the notifier sends it
 * again; the list is asked again once the projection has the request.
 */
export const notificationsCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    retryNotification: build.mutation<string | null, string>(
      adminCommandReading(
        (id: string) => ({ url: `${path('/api/admin/notifications', id)}/retry`, method: 'POST' }),
        ['AdminNotifications'],
        (answer) => {
          const parsed = retryAnswerSchema.safeParse(answer);
          return parsed.success ? parsed.data.message : null;
        },
      ),
    ),
  }),
});

export const { useGetAdminNotificationsQuery } = notificationsQueryApi;
export const { useRetryNotificationMutation } = notificationsCommandApi;
