import { Router } from 'express';
import { z } from 'zod';
import {
  accountMessages,
  adminUsersQuerySchema,
  messages,
  USERS_COLLECTION,
  USERS_PROJECTION,
  userDocumentSchema,
  type AdminUserDto,
  type AdminUserList,
  type UserDocument,
  type UserStats,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadStore } from '@quitute/infra/read-store';
import { containsFilter, pageOf, positionedReads, sendAdminAnswer } from '../admin/reads';

const userIdSchema = z.uuid();

/** A user on the admin pages (admin-spec §3); never a password or session detail. */
export function toAdminUserDto(user: UserDocument): AdminUserDto {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    role: user.role,
    createdAt: user.createdAt,
    preferences: { notifications: user.notifications },
  };
}

/**
 * GET /api/admin/users, /stats and /{id}, behind the admin guard (app.ts), from
 * the users read model: registered and invited accounts alike, deleted ones
 * left out. The list is newest first; its search matches name or e-mail.
 */
export function adminAccountRoutes(deps: { readStore: ReadStore }): Router {
  const users = deps.readStore.collection(USERS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [USERS_PROJECTION]);
  const router = Router();

  router.get('/api/admin/users', async (req, res) => {
    const query = parseWith(adminUsersQuerySchema, req.query, messages.invalidSearch);
    const filter: Filter = {
      isDeleted: false,
      ...(query.role ? { role: query.role } : {}),
      ...(query.search
        ? { $or: [containsFilter('name', query.search), containsFilter('email', query.search)] }
        : {}),
    };
    const { answer, position } = await positioned(() =>
      pageOf(users, filter, { createdAt: -1, _id: 1 }, query, (document) =>
        userDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      users: answer.documents.map(toAdminUserDto),
      totalPages: answer.totalPages,
      total: answer.total,
      page: answer.page,
      position,
    } satisfies AdminUserList);
  });

  router.get('/api/admin/users/stats', async (_req, res) => {
    const { answer, position } = await positioned(() =>
      Promise.all([
        users.count({ isDeleted: false, role: 'admin' }),
        users.count({ isDeleted: false, role: 'user' }),
      ]),
    );
    const [totalAdmins, totalClients] = answer;
    sendAdminAnswer(res, position, {
      totalUsers: totalAdmins + totalClients,
      totalAdmins,
      totalClients,
      position,
    } satisfies UserStats);
  });

  router.get('/api/admin/users/:id', async (req, res) => {
    const notFound = new AppError('not_found', accountMessages.userNotFound);
    const id = userIdSchema.safeParse(req.params['id']);
    if (!id.success) throw notFound;
    const { answer: stored, position } = await positioned(() => users.get(id.data));
    const user = stored && userDocumentSchema.parse(stored);
    if (!user || user.isDeleted) throw notFound;
    sendAdminAnswer(res, position, toAdminUserDto(user));
  });

  return router;
}
