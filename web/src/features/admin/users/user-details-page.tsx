import { formatPhone } from '@quitute/contracts';
import { Link, useParams } from 'react-router';
import { errorMessage, httpStatus } from '../../../api/errors';
import { PageLoading } from '../../../components/page-loading';
import { useGetAdminUserQuery } from '../api/admin-api';
import styles from '../components/admin.module.css';
import { useAdminSession } from '../components/admin-session';
import { Fact, Facts, FormError, PageTitle } from '../components/page-parts';
import { formatDay } from '../model/admin-format';
import { roleLabel } from '../model/admin-labels';
import { userTexts } from '../model/admin-texts';
import { EmailText } from '../../../components/email-text';

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
        <Facts>
          <Fact term="Nome">{found.name}</Fact>
          <Fact term="E-mail">
            <EmailText email={found.email} />
          </Fact>
          <Fact term="Telefone">{formatPhone(found.phone) || 'N/A'}</Fact>
          <Fact term="Endereço">{found.address || 'N/A'}</Fact>
          <Fact term="Role">{roleLabel(found.role)}</Fact>
          <Fact term="Data de cadastro">{formatDay(found.createdAt)}</Fact>
        </Facts>
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
