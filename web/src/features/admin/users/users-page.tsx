import type { AdminUserDto, Role } from '@quitute/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FilterSelect } from '../../../components/filter-select';
import { PageLoading } from '../../../components/page-loading';
import { useGetAdminUsersQuery, useGetUserStatsQuery } from '../api/admin-api';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  type UserBody,
} from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MessageDialog } from '../components/message-dialog';
import { Empty, FormError, PageTitle, TableWrap } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
import { StatCard, StatGrid } from '../components/stat-card';
import { useListFilters } from '../hooks/use-list-filters';
import { useOutcome } from '../hooks/use-outcome';
import { SEARCH_DEBOUNCE_MS } from '../model/admin-constants';
import { shortId } from '../model/admin-format';
import { roleLabel } from '../model/admin-labels';
import { adminTexts, userTexts } from '../model/admin-texts';
import { UserFormDialog } from './user-form-dialog';

const ROLE_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'user', label: 'Cliente' },
  { value: 'admin', label: 'Administrador' },
];

function roleFilter(value: string): Role | '' {
  return value === 'user' || value === 'admin' ? value : '';
}

type Editing = { user: AdminUserDto | null } | null;

/** /admin/users (admin-spec §2 "Users page"). */
export function UsersPage() {
  const session = useAdminSession();
  const list = useListFilters<Role | ''>('', SEARCH_DEBOUNCE_MS);
  const skip = !isAdmin(session);
  const users = useGetAdminUsersQuery(
    { page: list.page, search: list.search, role: list.filter },
    { skip },
  );
  const stats = useGetUserStatsQuery(undefined, { skip });
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const [deleteUser, deleting] = useDeleteUserMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { outcome, show, clear } = useOutcome();
  const ownId = session.user?.id ?? null;

  if (!session.hasToken || !session.user) {
    return (
      <>
        <PageTitle>{userTexts.title}</PageTitle>
        <FormError>{userTexts.loginToSee}</FormError>
      </>
    );
  }
  if (!isAdmin(session)) {
    return (
      <>
        <PageTitle>{userTexts.title}</PageTitle>
        <FormError>{adminTexts.adminsOnly}</FormError>
      </>
    );
  }

  const totalPages = Math.max(1, users.currentData?.totalPages ?? 1);
  if (users.currentData && list.page > totalPages) list.setPage(totalPages);
  const rows = users.currentData?.users ?? [];

  const openForm = (user: AdminUserDto | null) => {
    setSaveError(null);
    setEditing({ user });
  };

  const save = async (body: UserBody) => {
    const user = editing?.user ?? null;
    const result = user ? await updateUser({ id: user.id, body }) : await createUser(body);
    if (result.error) {
      setSaveError(errorMessage(result.error, userTexts.saveFailed));
      return;
    }
    setEditing(null);
    show('success', user ? userTexts.updated : userTexts.added);
  };

  const confirmDelete = async () => {
    if (!deletingId) return;
    const result = await deleteUser(deletingId);
    setDeletingId(null);
    if (result.error) show('error', errorMessage(result.error, userTexts.deleteFailed));
    else show('success', userTexts.deleted);
  };

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={buttons.button} onClick={() => openForm(null)}>
            {userTexts.newUser}
          </button>
        }
      >
        {userTexts.title}
      </PageTitle>
      {stats.error ? (
        <FormError>{errorMessage(stats.error, userTexts.statsFailed)}</FormError>
      ) : null}
      <StatGrid label="Estatísticas de usuários">
        <StatCard label="Total de Usuários" value={stats.data?.totalUsers ?? '—'} />
        <StatCard label="Administradores" value={stats.data?.totalAdmins ?? '—'} tone="info" />
        <StatCard label="Clientes" value={stats.data?.totalClients ?? '—'} tone="success" />
      </StatGrid>
      <div className={styles.toolbar} role="search">
        <SearchBox
          label="Buscar usuários"
          placeholder="Nome ou e-mail..."
          value={list.searchText}
          onChange={list.setSearchText}
        />
        <FilterSelect
          label="Role"
          value={list.filter}
          options={ROLE_OPTIONS}
          onChange={(value) => list.setFilter(roleFilter(value))}
        />
      </div>
      {users.error ? (
        <FormError>{errorMessage(users.error, userTexts.loadFailed)}</FormError>
      ) : null}
      {users.isFetching && !users.currentData ? (
        <PageLoading label={userTexts.loading} />
      ) : users.currentData && rows.length === 0 ? (
        <Empty>{userTexts.empty}</Empty>
      ) : rows.length > 0 ? (
        <TableWrap label="Usuários">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Nome</th>
                <th scope="col">E-mail</th>
                <th scope="col">Telefone</th>
                <th scope="col">Role</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const own = user.id === ownId;
                return (
                  <tr key={user.id}>
                    <td>
                      <code>{shortId(user.id)}</code>
                    </td>
                    <td className={styles.wrap}>
                      <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.name}</Link>
                    </td>
                    <td>
                      <span className={styles.email}>{user.email}</span>
                    </td>
                    <td>{user.phone || 'N/A'}</td>
                    <td>
                      <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>
                        {roleLabel(user.role)}
                      </Badge>
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className={styles.iconButton}
                          aria-label={`Editar ${user.name}`}
                          onClick={() => openForm(user)}
                        >
                          Editar
                        </button>
                        <button
                          type="button"
                          className={`${styles.iconButton} ${styles.danger}`}
                          aria-label={`Excluir ${user.name}`}
                          title={own ? userTexts.ownDelete : undefined}
                          disabled={own}
                          onClick={() => setDeletingId(user.id)}
                        >
                          Excluir
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editing ? (
        <UserFormDialog
          user={editing.user}
          ownAccount={editing.user !== null && editing.user.id === ownId}
          saving={creating.isLoading || updating.isLoading}
          error={saveError}
          onSave={(body) => void save(body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletingId ? (
        <ConfirmDialog
          message={userTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={() => setDeletingId(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
