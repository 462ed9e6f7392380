import { Router } from 'express';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  adminNotificationsQuerySchema,
  messages,
  notificationDocumentSchema,
  NOTIFICATIONS_COLLECTION,
  NOTIFICATIONS_PROJECTION,
  USERS_COLLECTION,
  USERS_PROJECTION,
  userDocumentSchema,
  type AdminNotificationDto,
  type AdminNotificationList,
  type NotificationDocument,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, sendAdminAnswer } from '../admin/reads';

/** Newest first; requests of the same millisecond in a stable order, so pages neither repeat nor skip one. */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

type Customer = AdminNotificationDto['customer'];

function toDto(
  { _id, userId: _userId, position: _position, ...notification }: NotificationDocument,
  customer: Customer,
): AdminNotificationDto {
  return { id: _id, ...notification, customer };
}

/**
 * GET /api/admin/notifications?status=&page= (issue 41): what the shop told
 * whom, newest first, for the admin's 'Notificações' page (`?status=failed`
 * the ones waiting for her); each names its customer from the users read
 * model. Behind the router's one /api/admin guard and its read-your-writes
 * (a retry asked sends back its position).
 */
export function adminNotificationRoutes(deps: { readStore: ReadStore }): Router {
  const notifications = deps.readStore.collection(NOTIFICATIONS_COLLECTION);
  const users = deps.readStore.collection(USERS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [NOTIFICATIONS_PROJECTION, USERS_PROJECTION]);
  const router = Router();

  /** The page's customers by id, read at once; a deleted or unknown account names nobody. */
  const customersOf = async (documents: readonly NotificationDocument[]) => {
    const ids = [...new Set(documents.flatMap(({ userId }) => (userId === null ? [] : [userId])))];
    const found = ids.length === 0 ? [] : await users.find({ _id: { $in: ids } });
    const customers = new Map<string, NonNullable<Customer>>();
    for (const stored of found) {
      const user = userDocumentSchema.parse(stored);
      if (!user.isDeleted) {
        customers.set(user._id, { id: user._id, name: user.name, email: user.email });
      }
    }
    return customers;
  };

  router.get('/api/admin/notifications', async (req, res) => {
    const query = parseWith(adminNotificationsQuerySchema, req.query, messages.invalidSearch);
    const filter = query.status === undefined ? {} : { status: query.status };
    const { answer, position } = await positioned(async () => {
      const page = await pageOf(
        notifications,
        filter,
        NEWEST_FIRST,
        { page: query.page, limit: ADMIN_NOTIFICATIONS_PAGE_SIZE },
        (document) => notificationDocumentSchema.parse(document),
      );
      return { page, customers: await customersOf(page.documents) };
    });
    const { page, customers } = answer;
    sendAdminAnswer(res, position, {
      notifications: page.documents.map((document) =>
        toDto(document, document.userId === null ? null : (customers.get(document.userId) ?? null)),
      ),
      total: page.total,
      page: page.page,
      pages: page.totalPages,
    } satisfies AdminNotificationList);
  });

  return router;
}
