import { formatPhone, type AdminUserDto, type Role } from '@quitute/contracts';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
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
import { ListToolbar } from '../components/list-toolbar';
import { MessageDialog } from '../components/message-dialog';
import { FormError, ListTable, PageRefused, PageTitle, RowActions } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { StatCard, StatGrid } from '../components/stat-card';
import { useListEditing } from '../hooks/use-list-editing';
import { useListFilters } from '../hooks/use-list-filters';
import { useOutcome } from '../hooks/use-outcome';
import { SEARCH_DEBOUNCE_MS } from '../model/admin-constants';
import { shortId } from '../model/admin-format';
import { roleLabel } from '../model/admin-labels';
import { adminTexts, userTexts } from '../model/admin-texts';
import { UserFormDialog } from './user-form-dialog';
import { EmailText } from '../../../components/email-text';

const ROLE_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'user', label: 'Cliente' },
  { value: 'admin', label: 'Administrador' },
];

function roleFilter(value: string): Role | '' {
  return value === 'user' || value === 'admin' ? value : '';
}

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
  const { outcome, show, clear } = useOutcome();
  const editor = useListEditing<AdminUserDto, UserBody>({
    save: (user, body) => (user ? updateUser({ id: user.id, body }) : createUser(body)),
    remove: deleteUser,
    texts: userTexts,
    report: show,
  });
  const ownId = session.user?.id ?? null;

  if (!session.hasToken || !session.user) {
    return <PageRefused title={userTexts.title} reason={userTexts.loginToSee} />;
  }
  if (!isAdmin(session)) {
    return <PageRefused title={userTexts.title} reason={adminTexts.adminsOnly} />;
  }

  const totalPages = list.pageCount(users.currentData);
  const rows = users.currentData?.users ?? [];

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className={buttons.button} onClick={() => editor.openForm(null)}>
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
      <ListToolbar
        list={list}
        search={{ label: 'Buscar usuários', placeholder: 'Nome ou e-mail...' }}
        filter={{ label: 'Role', options: ROLE_OPTIONS, parse: roleFilter }}
      />
      {users.error ? (
        <FormError>{errorMessage(users.error, userTexts.loadFailed)}</FormError>
      ) : null}
      <ListTable
        list={users}
        rowCount={rows.length}
        loadingText={userTexts.loading}
        emptyText={userTexts.empty}
        label="Usuários"
        columns={['ID', 'Nome', 'E-mail', 'Telefone', 'Role', 'Ações']}
      >
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
                <span className={styles.email}>
                  <EmailText email={user.email} />
                </span>
              </td>
              <td>{formatPhone(user.phone) || 'N/A'}</td>
              <td>
                <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>
                  {roleLabel(user.role)}
                </Badge>
              </td>
              <td>
                <RowActions
                  subject={user.name}
                  onEdit={() => editor.openForm(user)}
                  onDelete={() => editor.askDelete(user.id)}
                  deleteBlocked={own ? userTexts.ownDelete : undefined}
                />
              </td>
            </tr>
          );
        })}
      </ListTable>
      <Pagination page={list.page} totalPages={totalPages} onPage={list.setPage} />
      {editor.editing ? (
        <UserFormDialog
          user={editor.editing.item}
          ownAccount={editor.editing.item !== null && editor.editing.item.id === ownId}
          saving={creating.isLoading || updating.isLoading}
          error={editor.saveError}
          onSave={(body) => void editor.saveForm(body)}
          onClose={editor.closeForm}
        />
      ) : null}
      {editor.deletingId ? (
        <ConfirmDialog
          message={userTexts.deleteConfirm}
          busy={deleting.isLoading}
          onCancel={editor.cancelDelete}
          onConfirm={() => void editor.confirmDelete()}
        />
      ) : null}
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
