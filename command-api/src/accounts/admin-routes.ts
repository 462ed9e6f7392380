import { Router } from 'express';
import {
  accountMessages,
  adminMessages,
  adminUserBodySchema,
  type AdminUserResult,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, adminStores, answer, idParam, type AdminDeps } from '../admin/http';
import { deleteUser, editUser, inviteUser } from './accounts';
import type { ActiveUser } from './decider';
import { createShopSettingsReader } from '../shop/settings-reader';
import { invitationMail } from './mails';

function toAdminUser(user: ActiveUser): AdminUserResult {
  const { userId, name, email, phone, address, role } = user;
  return { id: userId, name, email, phone, address, role };
}

/**
 * POST /api/admin/users, PUT and DELETE /api/admin/users/{id} (admin-spec §7).
 * A created account has no password: its owner gets a link to set one. An
 * administrator keeps their own role and account (409). Behind the admin guard.
 */
export function adminUserRoutes(deps: AdminDeps): Router {
  const stores = adminStores(deps);
  const shopSettings = deps.shopSettings ?? createShopSettingsReader(deps.eventStore);
  const router = Router();

  router.post('/api/admin/users', async (req, res) => {
    const body = parseWith(adminUserBodySchema, req.body);
    const context = adminCommandContext(req, deps.now);
    const invited = await inviteUser(
      stores,
      {
        email: body.email,
        name: body.name,
        phone: body.phone ?? '',
        address: body.address ?? '',
        role: body.role ?? 'user',
      },
      context,
    );
    const link = new URL(`/reset/${invited.token}`, deps.publicUrl).href;
    // The account exists either way; a link that could not be mailed is said so,
    // and its owner can still ask for a new one ('Esqueci minha senha').
    const invitationSent = await shopSettings
      .current()
      .then((shop) =>
        deps.mailer.send(
          invitationMail({ to: invited.user.email, name: invited.user.name, link, shop }),
        ),
      )
      .then(
        () => true,
        (error: unknown) => {
          deps.logger.error({ err: error, userId: invited.user.userId }, 'invitation not mailed');
          return false;
        },
      );
    answer(req, res, deps, 201, {
      message: adminMessages.userAdded,
      user: toAdminUser(invited.user),
      invitationSent,
      position: invited.position,
    });
  });

  router.put('/api/admin/users/:id', async (req, res) => {
    const userId = idParam(req, accountMessages.userNotFound);
    const body = parseWith(adminUserBodySchema, req.body);
    const { user, position } = await editUser(
      stores,
      userId,
      body,
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.userUpdated,
      user: toAdminUser(user),
      position,
    });
  });

  router.delete('/api/admin/users/:id', async (req, res) => {
    const userId = idParam(req, accountMessages.userNotFound);
    const { position } = await deleteUser(stores, userId, adminCommandContext(req, deps.now));
    answer(req, res, deps, 200, {
      message: adminMessages.userDeleted,
      id: userId,
      isDeleted: true,
      position,
    });
  });

  return router;
}
