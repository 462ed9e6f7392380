import { useLocation } from 'react-router';
import { FacebookIcon, InstagramIcon, WhatsappIcon } from '../../components/icons';
import { SOCIAL_LINKS } from '../../config/shop';
import { whatsappUrl } from '../../lib/whatsapp';
import styles from './social-bar.module.css';

const ICONS = { Instagram: InstagramIcon, Facebook: FacebookIcon } as const;

/** Social links; not shown in the admin area. */
export function SocialBar() {
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  return (
    <div className={styles.bar}>
      <p className={styles.text}>Acompanhe as novidades da Quitute</p>
      <ul className={styles.links} aria-label="Redes sociais">
        {SOCIAL_LINKS.map((link) => {
          const Icon = ICONS[link.name];
          return (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.name}>
                <Icon />
              </a>
            </li>
          );
        })}
        <li>
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" aria-label="WhatsApp">
            <WhatsappIcon />
          </a>
        </li>
      </ul>
    </div>
  );
}
