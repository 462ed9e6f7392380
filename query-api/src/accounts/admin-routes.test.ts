import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  adminUserDtoSchema,
  adminUserListSchema,
  messages,
  USERS_COLLECTION,
  USERS_PROJECTION,
  userStatsSchema,
} from '@quitute/contracts';
import { ADMIN_ID, aUser, CUSTOMER_ID, openAdminReads, type AdminReads } from '../admin/test-shop';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const day = (n: number) => new Date(Date.UTC(2026, 1, n, 12)).toISOString();

const joao = aUser(id(1), 'João Conceição', 'user', {
  phone: '11987654321',
  address: 'Rua das Flores, 10',
  notifications: { email: false, sms: true },
  createdAt: day(1),
});
const bia = aUser(id(2), 'Bia Costa', 'admin', { createdAt: day(2) });
const gone = aUser(id(3), 'Caio Removido', 'user', { isDeleted: true, createdAt: day(3) });
const many = Array.from({ length: 9 }, (_, index) =>
  aUser(id(10 + index), `Cliente ${index + 1}`, 'user', { createdAt: day(10 + index) }),
);

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({ projections: [USERS_PROJECTION], position: 33 });
  await shop.readStore.collection(USERS_COLLECTION).putMany([joao, bia, gone, ...many]);
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const { body, position } = await shop.read(`/api/admin/users${query}`);
  return { ...adminUserListSchema.parse(body), header: position };
};
const namesOf = (answer: { users: { name: string }[] }) => answer.users.map((u) => u.name);

describe('GET /api/admin/users', () => {
  it('given no filter, then 10 users newest first, deleted ones left out, at the users checkpoint', async () => {
    const first = await list('?page=1&limit=10');

    expect(namesOf(first)).toEqual([...many.map((u) => u.name).reverse(), 'Bia Costa']);
    // The admin and Ana of the harness joined in January.
    expect(first).toMatchObject({ total: 13, totalPages: 2, position: 33, header: 33 });
    // Joined at the same moment: the id decides.
    expect(namesOf(await list('?page=2'))).toEqual(['João Conceição', 'Ana Souza', 'Admin']);
  });

  it('given a user, then the admin shape: id, contact, role, createdAt and preferences, no secrets', async () => {
    const { users } = await list('?search=joao');

    expect(users).toEqual([
      {
        id: joao._id,
        name: 'João Conceição',
        email: 'joão.conceição@exemplo.com.br',
        phone: '11987654321',
        address: 'Rua das Flores, 10',
        role: 'user',
        createdAt: day(1),
        preferences: { notifications: { email: false, sms: true } },
      },
    ]);
    expect(JSON.stringify(users)).not.toContain('sessionVersion');
  });

  it('given a search by part of a name or e-mail, any case or accent, then those users', async () => {
    expect(namesOf(await list('?search=CONCEI%C3%87AO'))).toEqual(['João Conceição']);
    expect(namesOf(await list('?search=COSTA'))).toEqual(['Bia Costa']);
    expect(namesOf(await list('?search=bia.costa%40'))).toEqual(['Bia Costa']);
    expect(namesOf(await list('?search=removido'))).toEqual([]);
  });

  it('given a role, then only those', async () => {
    expect(namesOf(await list('?role=admin'))).toEqual(['Bia Costa', 'Admin']);
  });

  it('given an unknown role, then 400 in pt-BR', async () => {
    const response = await shop.get('/api/admin/users?role=root');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
  });
});

describe('GET /api/admin/users/stats', () => {
  it('given admins, clients and a deleted user, then the live totals', async () => {
    const { body } = await shop.read('/api/admin/users/stats');
    expect(userStatsSchema.parse(body)).toEqual({
      totalUsers: 13,
      totalAdmins: 2,
      totalClients: 11,
      position: 33,
    });
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('given a user, then the admin shape', async () => {
    const { body, position } = await shop.read(`/api/admin/users/${CUSTOMER_ID}`);
    expect(adminUserDtoSchema.parse(body)).toMatchObject({ id: CUSTOMER_ID, name: 'Ana Souza' });
    expect(position).toBe(33);
  });

  it('given a deleted, unknown or malformed id, then 404 Usuário não encontrado.', async () => {
    for (const userId of [gone._id, id(99), 'nope']) {
      const response = await shop.get(`/api/admin/users/${userId}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: accountMessages.userNotFound });
    }
  });

  it('given the admin reading their own account, then it too', async () => {
    expect((await shop.read(`/api/admin/users/${ADMIN_ID}`)).body).toMatchObject({ role: 'admin' });
  });
});
