import { formatPhone, phoneHref } from '@quitute/contracts';
import { Link } from 'react-router';
import { MailIcon, PhoneIcon } from '../../components/icons';
import { CONTACT_EMAIL, CONTACT_PHONE, SHOP_NAME } from '../../config/shop';
import styles from './footer.module.css';
import { NAV_LINKS } from './nav-links';

const YEAR = new Date().getFullYear();
const PHONE_HREF = phoneHref(CONTACT_PHONE);

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{SHOP_NAME}</p>
          <p className={styles.tagline}>
            Salgados, doces e kits para festas, feitos à mão com carinho todos os dias.
          </p>
        </div>
        <nav aria-label="Rodapé" className={styles.column}>
          <h2 className={styles.heading}>Navegação</h2>
          <ul className={styles.list}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>Contato</h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <MailIcon className={styles.icon} />
                {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <a href={PHONE_HREF}>
                <PhoneIcon className={styles.icon} />
                {formatPhone(CONTACT_PHONE)}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className={styles.legal}>
        <p>
          © {YEAR} {SHOP_NAME}. Todos os direitos reservados.
        </p>
        <ul className={styles.legalLinks}>
          <li>
            <Link to="/termos">Termos de Uso</Link>
          </li>
          <li>
            <Link to="/privacidade">Política de Privacidade</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
