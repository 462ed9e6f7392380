import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp';

interface Received {
  commands: string[];
  messages: string[];
}

/**
 * The smallest SMTP server nodemailer will talk to (no extensions, no TLS):
 * enough to prove the adapter really hands a message over the wire.
 */
async function fakeSmtpServer(options: { rejectRecipient?: boolean } = {}) {
  const received: Received = { commands: [], messages: [] };
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (data) {
          if (line === '.') {
            received.messages.push(data.join('\r\n'));
            data = null;
            reply('250 2.0.0 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        received.commands.push(line);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.test');
        else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT')
          reply(options.rejectRecipient ? '550 5.1.1 no such user' : '250 2.1.5 ok');
        else if (verb === 'DATA') {
          data = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('SMTP mailer', () => {
  it('given an SMTP server, when a mail is sent, then the server receives sender, recipient, headers and both bodies', async () => {
    const smtp = await fakeSmtpServer();
    closers.push(smtp.close);
    const mailer = createSmtpMailer({ url: smtp.url });
    expect(mailer.transport).toBe('smtp');
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Redefinir senha',
      text: 'Acesse http://localhost:8080/redefinir-senha?token=abc para criar a senha',
      html: '<p>Acesse o link</p>',
    });
    expect(smtp.received.commands).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^EHLO /),
        'MAIL FROM:<nao-responda@quitute.com.br>',
        'RCPT TO:<ana@example.com>',
        'DATA',
      ]),
    );
    expect(smtp.received.messages).toHaveLength(1);
    const message = smtp.received.messages[0] ?? '';
    expect(message).toContain('From: Quitute <nao-responda@quitute.com.br>');
    expect(message).toContain('To: ana@example.com');
    expect(message).toContain('Subject: Redefinir senha');
    expect(message).toContain('multipart/alternative');
    expect(message).toContain(
      'Acesse http://localhost:8080/redefinir-senha?token=abc para criar a senha',
    );
    expect(message).toContain('<p>Acesse o link</p>');
  });

  it('given a configured sender, when a mail is sent, then it is the envelope and header sender', async () => {
    const smtp = await fakeSmtpServer();
    closers.push(smtp.close);
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Loja <loja@example.com>' });
    await mailer.send({ to: 'ana@example.com', subject: 'Oi', text: 'Oi' });
    expect(smtp.received.commands).toContain('MAIL FROM:<loja@example.com>');
    expect(smtp.received.messages[0]).toContain('From: Loja <loja@example.com>');
  });

  it('given the server refuses the recipient, when a mail is sent, then the send fails', async () => {
    const smtp = await fakeSmtpServer({ rejectRecipient: true });
    closers.push(smtp.close);
    const mailer = createSmtpMailer({ url: smtp.url });
    await expect(
      mailer.send({ to: 'ninguem@example.com', subject: 'Oi', text: 'Oi' }),
    ).rejects.toThrow(/no such user/);
  });
});
