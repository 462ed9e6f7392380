import { INVITE_LINK_TTL_MS, RESET_LINK_TTL_MS, type ShopSettings } from '@quitute/contracts';
import { mailSignature } from '../shop/mail-signature';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password-reset e-mail (pt-BR): the link, valid 1 hour, once; the shop named as its settings name it now. */
export function resetPasswordMail({
  to,
  name,
  link,
  shop,
}: {
  to: string;
  name: string;
  link: string;
  shop: ShopSettings;
}) {
  const hours = RESET_LINK_TTL_MS / 3_600_000;
  const signature = mailSignature(shop);
  const text = [
    `Olá, ${name}!`,
    '',
    `Recebemos um pedido para redefinir a senha da sua conta na ${shop.name}.`,
    'Para criar uma nova senha, abra o link abaixo:',
    '',
    link,
    '',
    `O link expira em ${hours} hora e só pode ser usado uma vez.`,
    'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
    '',
    signature.text,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta na ${escapeHtml(shop.name)}.</p>
<p><a href="${escapeHtml(link)}">Criar uma nova senha</a></p>
<p>O link expira em ${hours} hora e só pode ser usado uma vez. Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.</p>
${signature.html}`;
  return { to, subject: `Redefinição de senha — ${shop.name}`, text, html };
}

/** The e-mail of an account an administrator created (pt-BR): a link to set the password, valid 7 days, once. */
export function invitationMail({
  to,
  name,
  link,
  shop,
}: {
  to: string;
  name: string;
  link: string;
  shop: ShopSettings;
}) {
  const days = INVITE_LINK_TTL_MS / 86_400_000;
  const signature = mailSignature(shop);
  const text = [
    `Olá, ${name}!`,
    '',
    `Uma conta foi criada para você na ${shop.name}.`,
    'Para definir sua senha e começar a usar a conta, abra o link abaixo:',
    '',
    link,
    '',
    `O link expira em ${days} dias e só pode ser usado uma vez.`,
    'Se você não esperava este e-mail, pode ignorá-lo.',
    '',
    signature.text,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Uma conta foi criada para você na ${escapeHtml(shop.name)}.</p>
<p><a href="${escapeHtml(link)}">Definir minha senha</a></p>
<p>O link expira em ${days} dias e só pode ser usado uma vez. Se você não esperava este e-mail, pode ignorá-lo.</p>
${signature.html}`;
  return { to, subject: `Sua conta na ${shop.name} — defina sua senha`, text, html };
}
