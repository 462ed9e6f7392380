import net from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp';

interface Delivery {
  mailFrom: string | undefined;
  rcptTo: string[];
  parsed: ParsedMail;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listening(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return address.port;
}

/**
 * A real SMTP server (smtp-server) on loopback, without TLS or login, that
 * parses each message it takes (mailparser) beside its envelope.
 */
async function smtpServer(options: { refuse?: (recipient: string) => boolean } = {}) {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuse?.(address.address)) {
        callback(Object.assign(new Error('5.1.1 no such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const { mailFrom, rcptTo } = session.envelope;
          deliveries.push({
            mailFrom: mailFrom ? mailFrom.address : undefined,
            rcptTo: rcptTo.map((recipient) => recipient.address),
            parsed,
          });
          callback();
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  const port = await listening(server.server);
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, deliveries };
}

/** Accepts connections and never says a word (no 220 greeting). */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  const port = await listening(server);
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `smtp://127.0.0.1:${port}` };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address));

/** The header as it came over the wire, unfolded (RFC 5322 §2.2.3). */
const headerLine = (parsed: ParsedMail, name: string) =>
  parsed.headerLines.find((header) => header.key === name)?.line.replace(/\r\n(?=[ \t])/g, '');

/** As long as a real signed link: it must arrive whole, not encoded nor cut. */
const unsubscribeUrl =
  'https://quitute.com.br/api/notifications/unsubscribe?token=eyJ1IjoiMGY4ZTNhZDItNGM1Yi00YjFhLTlkNmUtN2MzZjJhMWI5ZDhlIiwiYyI6ImVtYWlsIn0.q3Jv9n2cX0yT8wL5kP1sR7mB4dH6fA2eZ9uV0iN3oGk';

describe('SMTP mailer against a real SMTP server', () => {
  it('given a notification with reply-to and unsubscribe headers, when sent, then the server receives sender, recipient, reply-to, UTF-8 subject, both parts and the headers, and the message id is returned', async () => {
    const smtp = await smtpServer();
    const mailer = createSmtpMailer({ url: smtp.url });
    expect(mailer.transport).toBe('smtp');

    const sent = await mailer.send({
      to: 'ana@example.com',
      subject: 'Pedido recebido — nº 1042, já está em preparação',
      text: 'Olá, Ana! Seu pão de queijo e a broa de milho estão sendo preparados.',
      html: '<p>Olá, Ana! Seu <strong>pão de queijo</strong> e a broa de milho estão sendo preparados.</p>',
      replyTo: 'Padaria Quitute <contato@quitute.com.br>',
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });

    expect(smtp.deliveries).toHaveLength(1);
    const [delivery] = smtp.deliveries;
    if (!delivery) throw new Error('no delivery');
    const { parsed } = delivery;
    expect(delivery.mailFrom).toBe('nao-responda@quitute.com.br');
    expect(delivery.rcptTo).toEqual(['ana@example.com']);
    expect(parsed.from?.value).toEqual([
      { name: 'Quitute', address: 'nao-responda@quitute.com.br' },
    ]);
    expect(addresses(parsed.to)).toEqual(['ana@example.com']);
    expect(parsed.replyTo?.value).toEqual([
      { name: 'Padaria Quitute', address: 'contato@quitute.com.br' },
    ]);
    expect(parsed.subject).toBe('Pedido recebido — nº 1042, já está em preparação');
    expect(parsed.text?.trim()).toBe(
      'Olá, Ana! Seu pão de queijo e a broa de milho estão sendo preparados.',
    );
    expect(parsed.html).toBe(
      '<p>Olá, Ana! Seu <strong>pão de queijo</strong> e a broa de milho estão sendo preparados.</p>',
    );
    expect(headerLine(parsed, 'content-type')).toMatch(/multipart\/alternative/);
    expect(headerLine(parsed, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headerLine(parsed, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(sent).toEqual({ messageId: parsed.messageId });
  });

  it('given a configured sender and a text-only mail, when sent, then it is the envelope and header sender, with no reply-to nor extra headers', async () => {
    const smtp = await smtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Loja <loja@example.com>' });
    await mailer.send({ to: 'bruno@example.com', subject: 'Redefinir senha', text: 'Olá' });
    const [delivery] = smtp.deliveries;
    expect(delivery?.mailFrom).toBe('loja@example.com');
    expect(delivery?.parsed.from?.value).toEqual([{ name: 'Loja', address: 'loja@example.com' }]);
    expect(delivery?.parsed.replyTo).toBeUndefined();
    expect(delivery?.parsed.html).toBe(false);
    expect(delivery?.parsed.text?.trim()).toBe('Olá');
    expect(delivery && headerLine(delivery.parsed, 'list-unsubscribe')).toBeUndefined();
  });

  it('given the server refuses the recipient, when a mail is sent, then the send rejects with the server’s answer and nothing is delivered', async () => {
    const smtp = await smtpServer({ refuse: (recipient) => recipient === 'ninguem@example.com' });
    const mailer = createSmtpMailer({ url: smtp.url });
    await expect(
      mailer.send({ to: 'ninguem@example.com', subject: 'Oi', text: 'Oi' }),
    ).rejects.toThrow(/no such user here/);
    expect(smtp.deliveries).toEqual([]);
  });

  it('given a server that accepts the connection and never greets, when a mail is sent, then the send rejects within the greeting timeout', async () => {
    const silent = await silentServer();
    const mailer = createSmtpMailer({
      url: silent.url,
      timeouts: { connection: 2_000, greeting: 150, socket: 2_000 },
    });
    const started = performance.now();
    await expect(mailer.send({ to: 'ana@example.com', subject: 'Oi', text: 'Oi' })).rejects.toThrow(
      /greeting/i,
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1_000);
  });
});
