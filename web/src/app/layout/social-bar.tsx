import { useLocation } from 'react-router';
import { FacebookIcon, InstagramIcon, WhatsappIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { useShopSettings } from '../../hooks/use-shop-settings';
import { whatsappUrl } from '../../lib/whatsapp';
import styles from './social-bar.module.css';

/**
 * The shop's social links (its settings; a network without a link is left
 * out) and its WhatsApp; not shown in the admin area.
 */
export function SocialBar() {
  const { pathname } = useLocation();
  const shop = useShopSettings();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const links = shop
    ? [
        { name: 'Instagram', href: shop.social.instagram, Icon: InstagramIcon },
        { name: 'Facebook', href: shop.social.facebook, Icon: FacebookIcon },
        { name: 'WhatsApp', href: whatsappUrl(shop.whatsapp), Icon: WhatsappIcon },
      ].filter((link) => link.href !== '')
    : [];
  return (
    <div className={styles.bar}>
      <p className={styles.text}>
        Acompanhe as novidades da {shop ? shop.name : <Pending width="short" />}
      </p>
      <ul className={styles.links} aria-label="Redes sociais">
        {links.map(({ name, href, Icon }) => (
          <li key={name}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={name}>
              <Icon />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
