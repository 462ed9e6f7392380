import { Link, useParams } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import { useGetAdminUserQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { useAdminSession } from '../components/admin-session';
import { FormError, PageTitle } from '../components/page-parts';
import { formatDay } from '../model/admin-format';
import { roleLabel } from '../model/admin-labels';
import { userTexts } from '../model/admin-texts';

/** /admin/users/{id} (admin-spec §2 "Admin user details"): errors stay on the page. */
export function UserDetailsPage() {
  const { id } = useParams();
  const session = useAdminSession();
  const missing = !id || !session.hasToken;
  const user = useGetAdminUserQuery(id ?? '', { skip: missing });

  let body;
  if (missing) body = <FormError>{userTexts.missingId}</FormError>;
  else if (user.isLoading) body = <PageLoading label={userTexts.detailsLoading} />;
  else if (user.error) {
    const fallback = httpStatus(user.error) === 404 ? userTexts.notFound : userTexts.detailsFailed;
    body = <FormError>{errorMessage(user.error, fallback)}</FormError>;
  } else if (user.data) {
    const found = user.data;
    body = (
      <section className={styles.panel} aria-label="Dados do usuário">
        <dl className={styles.facts}>
          <div>
            <dt>Nome</dt>
            <dd>{found.name}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{found.email}</dd>
          </div>
          <div>
            <dt>Telefone</dt>
            <dd>{found.phone || 'N/A'}</dd>
          </div>
          <div>
            <dt>Endereço</dt>
            <dd>{found.address || 'N/A'}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{roleLabel(found.role)}</dd>
          </div>
          <div>
            <dt>Data de cadastro</dt>
            <dd>{formatDay(found.createdAt)}</dd>
          </div>
        </dl>
      </section>
    );
  }

  return (
    <>
      <PageTitle>{userTexts.detailsTitle}</PageTitle>
      {body}
      <p>
        <Link to="/admin/users">{userTexts.back}</Link>
      </p>
    </>
  );
}
