import { INVITE_LINK_TTL_MS, RESET_LINK_TTL_MS } from '@quitute/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password-reset e-mail (pt-BR): the link, valid 1 hour, once. */
export function resetPasswordMail({ to, name, link }: { to: string; name: string; link: string }) {
  const hours = RESET_LINK_TTL_MS / 3_600_000;
  const text = [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta na Quitute.',
    'Para criar uma nova senha, abra o link abaixo:',
    '',
    link,
    '',
    `O link expira em ${hours} hora e só pode ser usado uma vez.`,
    'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
    '',
    'Quitute — Doces e Salgados para Festas',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta na Quitute.</p>
<p><a href="${escapeHtml(link)}">Criar uma nova senha</a></p>
<p>O link expira em ${hours} hora e só pode ser usado uma vez. Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.</p>
<p>Quitute — Doces e Salgados para Festas</p>`;
  return { to, subject: 'Redefinição de senha — Quitute', text, html };
}

/** The e-mail of an account an administrator created (pt-BR): a link to set the password, valid 7 days, once. */
export function invitationMail({ to, name, link }: { to: string; name: string; link: string }) {
  const days = INVITE_LINK_TTL_MS / 86_400_000;
  const text = [
    `Olá, ${name}!`,
    '',
    'Uma conta foi criada para você na Quitute.',
    'Para definir sua senha e começar a usar a conta, abra o link abaixo:',
    '',
    link,
    '',
    `O link expira em ${days} dias e só pode ser usado uma vez.`,
    'Se você não esperava este e-mail, pode ignorá-lo.',
    '',
    'Quitute — Doces e Salgados para Festas',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Uma conta foi criada para você na Quitute.</p>
<p><a href="${escapeHtml(link)}">Definir minha senha</a></p>
<p>O link expira em ${days} dias e só pode ser usado uma vez. Se você não esperava este e-mail, pode ignorá-lo.</p>
<p>Quitute — Doces e Salgados para Festas</p>`;
  return { to, subject: 'Sua conta na Quitute — defina sua senha', text, html };
}
