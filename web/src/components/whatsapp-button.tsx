import { useShopSettings } from '../hooks/use-shop-settings';
import { whatsappUrl } from '../lib/whatsapp';
import buttons from './button.module.css';
import { WhatsappIcon } from './icons';

/**
 * A link to the shop's WhatsApp (its settings), with a message written for
 * the shop's name. Until the number is known, the button holds its place
 * without a link.
 */
export function WhatsappButton({
  message,
  label = 'Fale conosco pelo WhatsApp',
}: {
  message?: (shopName: string) => string;
  label?: string;
}) {
  const shop = useShopSettings();
  const className = `${buttons.button} ${buttons.whatsapp}`;
  const content = (
    <>
      <WhatsappIcon />
      {label}
    </>
  );
  if (!shop) return <span className={className}>{content}</span>;
  return (
    <a
      className={className}
      href={whatsappUrl(shop.whatsapp, message?.(shop.name))}
      target="_blank"
      rel="noopener noreferrer"
    >
      {content}
    </a>
  );
}
