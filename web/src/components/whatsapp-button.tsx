import { whatsappUrl } from '../lib/whatsapp';
import buttons from './button.module.css';
import { WhatsappIcon } from './icons';

export function WhatsappButton({
  text,
  label = 'Fale conosco pelo WhatsApp',
}: {
  text?: string;
  label?: string;
}) {
  return (
    <a
      className={`${buttons.button} ${buttons.whatsapp}`}
      href={whatsappUrl(text)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <WhatsappIcon />
      {label}
    </a>
  );
}
