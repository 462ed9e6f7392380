import {
  accountEventSchemas,
  evolveUserDocument,
  USERS_COLLECTION,
  USERS_PROJECTION,
  userDocumentSchema,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * Profiles for GET /api/users/profile and the admin's user list; the password
 * hash stays in the events. Its evolve is in contracts, where the auditors'
 * history reads names with it too.
 */
export const usersProjection = defineProjection({
  name: USERS_PROJECTION,
  collection: USERS_COLLECTION,
  events: accountEventSchemas,
  document: userDocumentSchema,
  // The admin list, newest first.
  indexes: [{ fields: { createdAt: -1, _id: 1 } }],
  documentId: (event) => event.data.userId,
  evolve: evolveUserDocument,
});
