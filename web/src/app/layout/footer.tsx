import { formatPhone, phoneHref } from '@quitute/contracts';
import { Link } from 'react-router';
import { MailIcon, PhoneIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { openingHoursText } from '../../features/contact/contact-message';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './footer.module.css';
import { NAV_LINKS } from './nav-links';

const YEAR = new Date().getFullYear();

/**
 * The footer: the shop's name, e-mail and phone come from its settings, its
 * hours from the kitchen's calendar (GET /api/shop tells them in words).
 */
export function Footer() {
  const shop = useShopSettings();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{shop ? shop.name : <Pending />}</p>
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
            {shop ? (
              <>
                <li>
                  <a href={`mailto:${shop.email}`}>
                    <MailIcon className={styles.icon} />
                    {shop.email}
                  </a>
                </li>
                <li>
                  <a href={phoneHref(shop.phone)}>
                    <PhoneIcon className={styles.icon} />
                    {formatPhone(shop.phone)}
                  </a>
                </li>
                <li className={styles.hours}>{openingHoursText(shop.openingHoursText)}</li>
              </>
            ) : (
              <li className={styles.pending}>
                <Pending width="long" />
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className={styles.legal}>
        <p>
          © {YEAR} {shop ? shop.name : <Pending width="short" />}. Todos os direitos reservados.
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
