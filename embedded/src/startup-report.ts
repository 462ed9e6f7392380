import { isLoopbackAddress } from '@quitute/infra/mail';

export type NewAdmin =
  { created: false } | { created: true; email: string; password: string; generated: boolean };

/** Whether a URL's host is this machine only (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/**
 * One warning when reset e-mails stay in the outbox (no MAIL_URL) while the
 * shop says it is reached from elsewhere: customers will never get their
 * links, and the mailbox that shows them answers only on this machine.
 */
export function outboxWarning(options: {
  mailTransport: 'outbox' | 'smtp';
  publicUrl: string;
}): string | undefined {
  if (options.mailTransport !== 'outbox' || isLoopbackUrl(options.publicUrl)) return undefined;
  return `E-mails are not sent: without MAIL_URL they stay in DATA_DIR/outbox (readable only on this machine at /dev/mailbox), but PUBLIC_URL (${options.publicUrl}) is not local: set MAIL_URL=smtp://… so customers get their password-reset links`;
}

/**
 * What a person starting the shop on a terminal needs, as a short block: the
 * address and, on the first start only, the admin account.
 */
export function startupBanner(options: {
  url: string;
  admin: NewAdmin;
  mailboxUrl?: string;
  /** The local payment simulator takes the payments (no real money moves). */
  paymentSimulator?: boolean;
}): string {
  const lines = ['', `  Quitute is open at ${options.url}/cardapio`, ''];
  if (options.admin.created) {
    lines.push(
      '  First start: an admin account was created.',
      `    e-mail:   ${options.admin.email}`,
      options.admin.generated
        ? `    password: ${options.admin.password}`
        : '    password: the one in ADMIN_PASSWORD',
    );
    if (options.admin.generated) {
      lines.push('  Note the password: it is shown only this once (or set ADMIN_PASSWORD).');
    }
    lines.push('');
  }
  if (options.mailboxUrl) lines.push(`  E-mails sent by the shop: ${options.mailboxUrl}`, '');
  if (options.paymentSimulator) {
    lines.push(
      '  Payments: the local simulator (no real money). A Pix or boleto is approved on',
      `    ${options.url}/simulator/payments/<paymentId> (the checkout links to it).`,
      '',
    );
  }
  lines.push('  Stop with Ctrl-C.', '');
  return lines.join('\n');
}
