import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxSmsSender } from '../sms/outbox';
import { listenOnFreePort } from '../testing';
import { devMailboxRouter, isLoopbackAddress } from './dev-mailbox';
import { createOutboxMailer } from './outbox';
import type { OutboxMailer } from './port';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

interface MailboxOptions {
  now?: () => Date;
  trustProxy?: string;
  /** Without an SMS outbox, as a caller that passes none. */
  withoutSms?: boolean;
}

async function mailboxApp(options: MailboxOptions = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-mailbox-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const clock = options.now ? { now: options.now } : {};
  const outbox = createOutboxMailer({ dir: join(dir, 'outbox'), ...clock });
  const sms = createOutboxSmsSender({ dir: join(dir, 'sms-outbox'), ...clock });
  const app = express();
  if (options.trustProxy) app.set('trust proxy', options.trustProxy);
  app.use(options.withoutSms ? devMailboxRouter(outbox) : devMailboxRouter(outbox, sms));
  return { outbox, sms, app };
}

async function mailbox(options: MailboxOptions = {}) {
  const { outbox, sms, app } = await mailboxApp(options);
  const server = await listenOnFreePort(app);
  cleanups.push(server.close);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  return { outbox, sms, get };
}

/** A clock that moves 90 minutes per message, from 10/03/2025 09:00 in São Paulo. */
function ninetyMinuteClock() {
  let at = Date.parse('2025-03-10T12:00:00.000Z');
  return () => {
    const date = new Date(at);
    at += 90 * 60_000;
    return date;
  };
}

async function onlyId(outbox: OutboxMailer): Promise<string> {
  const [mail] = await outbox.list();
  if (!mail) throw new Error('the outbox is empty');
  return mail.id;
}

describe('dev mailbox', () => {
  it.each([[{}], [{ withoutSms: true }]])(
    'given no mail nor SMS (%j), when the mailbox is opened, then it says so in pt-BR',
    async (options) => {
      const { get } = await mailbox(options);
      const { status, headers, html } = await get('/dev/mailbox');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
      expect(html).toContain('<title>Caixa de e-mails (desenvolvimento)</title>');
      expect(html).toContain('Nenhuma mensagem enviada ainda.');
      expect(html).not.toContain('<script');
    },
  );

  it('given two mails, when the mailbox is opened, then both are listed newest first with São Paulo time, recipient, subject and a link', async () => {
    const { outbox, get } = await mailbox({ now: ninetyMinuteClock() });
    await outbox.send({ to: 'ana@example.com', subject: 'Bem-vinda', text: 'Olá' });
    await outbox.send({ to: 'bruno@example.com', subject: 'Redefinir senha', text: 'Olá' });
    const { html } = await get('/dev/mailbox');
    const [newest, oldest] = await outbox.list();
    expect(html.indexOf('Redefinir senha')).toBeLessThan(html.indexOf('Bem-vinda'));
    expect(html).toContain('bruno@example.com');
    expect(html).toContain('ana@example.com');
    expect(html).toContain('10/03/2025 09:00:00');
    expect(html).toContain('10/03/2025 10:30:00');
    expect(html).toContain(`href="/dev/mailbox/${newest?.id ?? '?'}"`);
    expect(html).toContain(`href="/dev/mailbox/${oldest?.id ?? '?'}"`);
  });

  it('given a mail with a link, when it is opened, then the text is shown with the link clickable', async () => {
    const { outbox, get } = await mailbox();
    const link = 'http://localhost:8080/redefinir-senha?token=abc123&email=ana%40example.com';
    await outbox.send({
      to: 'ana@example.com',
      subject: 'Redefinir senha',
      text: `Olá, Ana!\nPara criar uma nova senha, acesse ${link}.\nO link vale por 1 hora.`,
    });
    const { status, headers, html } = await get(`/dev/mailbox/${await onlyId(outbox)}`);
    expect(status).toBe(200);
    const escapedLink = link.replaceAll('&', '&amp;');
    expect(html).toContain(`<a href="${escapedLink}">${escapedLink}</a>.`);
    expect(html).toContain('Olá, Ana!');
    expect(html).toContain('O link vale por 1 hora.');
    expect(html).toContain('ana@example.com');
    expect(html).toContain('Quitute &lt;nao-responda@quitute.com.br&gt;');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('given a mail with markup in its subject and text, when listed and opened, then everything is escaped and only http(s) URLs become links', async () => {
    const { outbox, get } = await mailbox();
    await outbox.send({
      to: '"Eve" <eve@example.com>',
      subject: '<script>alert(1)</script>',
      text: 'Clique <a href="javascript:alert(2)">aqui</a> ou "https://exemplo.com/a?b=<x>" javascript:alert(3)',
    });
    const list = await get('/dev/mailbox');
    expect(list.html).not.toContain('<script>');
    expect(list.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list.html).toContain('&quot;Eve&quot; &lt;eve@example.com&gt;');
    const detail = await get(`/dev/mailbox/${await onlyId(outbox)}`);
    expect(detail.html).not.toContain('<script>');
    expect(detail.html).not.toContain('href="javascript');
    expect(detail.html).toContain('&lt;a href=&quot;javascript:alert(2)&quot;&gt;aqui&lt;/a&gt;');
    expect(detail.html).toContain(
      '&quot;<a href="https://exemplo.com/a?b=">https://exemplo.com/a?b=</a>&lt;x&gt;&quot;',
    );
    expect(detail.html.match(/<a href=/g)).toHaveLength(2);
  });

  it('given mails and SMS, when the mailbox is opened, then one list newest first, each marked E-mail or SMS, the SMS by recipient and text with a link to it', async () => {
    const { outbox, sms, get } = await mailbox({ now: ninetyMinuteClock() });
    await outbox.send({ to: 'ana@example.com', subject: 'Pedido recebido', text: 'Olá' });
    const { messageId: smsId } = await sms.send({
      to: '+5511987654321',
      text: 'Quitute: seu pedido nº 1042 está pronto para retirada.',
    });
    await outbox.send({ to: 'ana@example.com', subject: 'Pronto para retirada', text: 'Olá' });
    const { html } = await get('/dev/mailbox');
    const rows = html.split('<li>').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Pronto para retirada');
    expect(rows[0]).toContain('<span class="meta">E-mail</span>');
    expect(rows[0]).toContain('10/03/2025 12:00:00');
    expect(rows[1]).toContain('<span class="meta">SMS</span>');
    expect(rows[1]).toContain('+5511987654321');
    expect(rows[1]).toContain('Quitute: seu pedido nº 1042 está pronto para retirada.');
    expect(rows[1]).toContain('10/03/2025 10:30:00');
    expect(rows[1]).toContain(`href="/dev/mailbox/sms/${smsId ?? '?'}"`);
    expect(rows[2]).toContain('Pedido recebido');
    expect(rows[2]).toContain('<span class="meta">E-mail</span>');
  });

  it('given an SMS with a link and markup, when opened, then its recipient, São Paulo time and text, escaped, with the link clickable', async () => {
    const { sms, get } = await mailbox({ now: ninetyMinuteClock() });
    const link = 'http://localhost:8080/pedidos/0f8e?de=sms&x=1';
    const { messageId } = await sms.send({
      to: '+5511987654321',
      text: `Quitute: <b>pedido</b> pronto! Veja ${link}.`,
    });
    const { status, headers, html } = await get(`/dev/mailbox/sms/${messageId ?? ''}`);
    expect(status).toBe(200);
    expect(html).toContain(
      '<title>SMS para +5511987654321 — Caixa de e-mails (desenvolvimento)</title>',
    );
    expect(html).toContain('<dt>Para</dt><dd>+5511987654321</dd>');
    expect(html).toContain('<dt>Enviado</dt><dd>10/03/2025 09:00:00</dd>');
    const escapedLink = link.replaceAll('&', '&amp;');
    expect(html).toContain(
      `Quitute: &lt;b&gt;pedido&lt;/b&gt; pronto! Veja <a href="${escapedLink}">${escapedLink}</a>.`,
    );
    expect(html).toContain('← Voltar para a caixa de e-mails');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('given an unknown or malformed SMS id, or no SMS outbox, when opened, then a 404 page in pt-BR', async () => {
    const { get } = await mailbox();
    for (const path of [
      '/dev/mailbox/sms/20250310T120000000Z-000001-00000000',
      '/dev/mailbox/sms/..%2F..%2Fpackage',
      '/dev/mailbox/sms/nada',
    ]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html).toContain('SMS não encontrado.');
    }
    const withoutSms = await mailbox({ withoutSms: true });
    const { status, html } = await withoutSms.get(
      '/dev/mailbox/sms/20250310T120000000Z-000001-00000000',
    );
    expect(status).toBe(404);
    expect(html).toContain('SMS não encontrado.');
  });

  it('given a notification e-mail, when opened, then reply-to, the unsubscribe headers, the text part and the HTML part in a sandboxed frame are shown, and no script can run', async () => {
    const { outbox, get } = await mailbox();
    const unsubscribe = 'http://localhost:8080/api/notifications/unsubscribe?token=a.b&c=1';
    const html =
      '<!doctype html><html><body><p style="color:#8a3b12">Olá, <b>Ana</b> &amp; família!</p>' +
      '<img src="https://rastreador.example/pixel.png"><script>alert(1)</script>' +
      '<a href="javascript:alert(2)">x</a></body></html>';
    await outbox.send({
      to: 'ana@example.com',
      subject: 'Pedido recebido',
      text: 'Olá, Ana! Seu pedido foi recebido.',
      html,
      replyTo: 'Quitute <contato@quitute.com.br>',
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const page = await get(`/dev/mailbox/${await onlyId(outbox)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      '<dt>Responder para</dt><dd>Quitute &lt;contato@quitute.com.br&gt;</dd>',
    );
    const escapedUnsubscribe = unsubscribe.replaceAll('&', '&amp;');
    expect(page.html).toContain(
      `<dt>List-Unsubscribe</dt><dd>&lt;<a href="${escapedUnsubscribe}">${escapedUnsubscribe}</a>&gt;</dd>`,
    );
    expect(page.html).toContain(
      '<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>',
    );
    expect(page.html).toContain('<pre>Olá, Ana! Seu pedido foi recebido.</pre>');

    const frames = [...page.html.matchAll(/<iframe ([^>]*)><\/iframe>/g)];
    expect(frames).toHaveLength(1);
    const attributes = frames[0]?.[1] ?? '';
    expect(attributes).toMatch(/^sandbox="" title="[^"]+" srcdoc="[^"]*"$/);
    const srcdoc = /srcdoc="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const unescaped = srcdoc
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    expect(unescaped).toBe(html);
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toContain('<img');

    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toMatch(/script-src|img-src|unsafe-eval/);
  });

  it('given a mail without HTML, reply-to or headers (as before), when opened, then only the text part and no frame', async () => {
    const { outbox, get } = await mailbox();
    await outbox.send({ to: 'ana@example.com', subject: 'Redefinir senha', text: 'Olá' });
    const { html } = await get(`/dev/mailbox/${await onlyId(outbox)}`);
    expect(html).toContain('<pre>Olá</pre>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('Responder para');
  });

  it('given an unknown or malformed id, when opened, then a 404 page in pt-BR', async () => {
    const { get } = await mailbox();
    for (const path of [
      '/dev/mailbox/20250310T120000000Z-000001-00000000',
      '/dev/mailbox/..%2F..%2Fpackage',
      '/dev/mailbox/nada',
    ]) {
      const { status, html } = await get(path);
      expect(status).toBe(404);
      expect(html).toContain('E-mail não encontrado.');
    }
  });
});

describe('dev mailbox: who may read it', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.2', false],
    ['::ffff:192.0.2.7', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('given the address %s, then loopback is %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });

  it('given no proxy is trusted, when a loopback peer forwards for someone (a proxy on this machine), then 404: it could be forwarding anyone', async () => {
    const { get } = await mailbox();
    expect((await get('/dev/mailbox')).status).toBe(200);
    for (const header of ['x-forwarded-for', 'x-real-ip']) {
      expect((await get('/dev/mailbox', { [header]: '203.0.113.9' })).status, header).toBe(404);
    }
    expect((await get('/dev/mailbox', { forwarded: 'for=127.0.0.1' })).status).toBe(404);
  });

  it('given a trusted proxy on loopback, when it forwards a client from elsewhere, then 404 on the list, on a mail and on an SMS', async () => {
    const { outbox, sms, get } = await mailbox({ trustProxy: 'loopback' });
    await outbox.send({ to: 'ana@example.com', subject: 'Redefinir senha', text: 'token' });
    const { messageId: smsId } = await sms.send({ to: '+5511987654321', text: 'segredo' });
    const fromElsewhere = { 'x-forwarded-for': '203.0.113.9' };
    expect((await get('/dev/mailbox', fromElsewhere)).status).toBe(404);
    const detail = await get(`/dev/mailbox/${await onlyId(outbox)}`, fromElsewhere);
    expect(detail.status).toBe(404);
    expect(detail.html).not.toContain('token');
    const smsDetail = await get(`/dev/mailbox/sms/${smsId ?? ''}`, fromElsewhere);
    expect(smsDetail.status).toBe(404);
    expect(smsDetail.html).not.toContain('segredo');
    expect((await get(`/dev/mailbox/sms/${smsId ?? ''}`)).status).toBe(200);
    expect((await get('/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });
});

const run = promisify(execFile);

/**
 * A second host on a private link: a network namespace joined to this one by
 * a veth pair, with addresses from 10.0.0.0/8 on that pair only. Needs root
 * and `ip netns`; the reason is returned when it cannot be made.
 */
async function testHost(): Promise<
  | { hostAddress: string; curl: (args: string[]) => Promise<string>; remove: () => Promise<void> }
  | string
> {
  const id = `${process.pid % 10_000}${randomInt(1000)}`;
  const [ns, hostSide, nsSide] = [`quitute-${id}`, `qh${id}`, `qn${id}`];
  const base = `10.213.${randomInt(256)}.${randomInt(64) * 4}`.split('.').map(Number);
  const address = (last: number) => [...base.slice(0, 3), (base[3] ?? 0) + last].join('.');
  const [hostAddress, nsAddress] = [address(1), address(2)];
  const inNs = (...args: string[]) => run('ip', ['netns', 'exec', ns, ...args]);
  const remove = async () => {
    await run('ip', ['netns', 'del', ns]).catch(() => undefined);
    await run('ip', ['link', 'del', hostSide]).catch(() => undefined);
  };
  try {
    await run('ip', ['netns', 'add', ns]);
  } catch (error) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : String(error);
  }
  try {
    await run('ip', ['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide]);
    await run('ip', ['link', 'set', nsSide, 'netns', ns]);
    await run('ip', ['addr', 'add', `${hostAddress}/30`, 'dev', hostSide]);
    await run('ip', ['link', 'set', hostSide, 'up']);
    await inNs('ip', 'addr', 'add', `${nsAddress}/30`, 'dev', nsSide);
    await inNs('ip', 'link', 'set', nsSide, 'up');
  } catch (error) {
    await remove();
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : String(error);
  }
  return {
    hostAddress,
    curl: async (args) =>
      (await inNs('curl', '--silent', '--max-time', '10', '--noproxy', '*', ...args)).stdout,
    remove,
  };
}

async function listenOn(app: Express, host: string): Promise<{ port: number; close: () => void }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return {
    port: address.port,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

describe('dev mailbox from another host', () => {
  it('given a client on another host, when it asks for the mailbox, even with a forged X-Forwarded-For, then 404', async (context) => {
    const host = await testHost();
    if (typeof host === 'string') {
      console.log(`skipped: netns: ${host}`);
      context.skip();
      return;
    }
    cleanups.push(host.remove);
    const { outbox, app } = await mailboxApp();
    await outbox.send({ to: 'ana@example.com', subject: 'Redefinir senha', text: 'segredo' });
    app.get('/reachable', (_req, res) => {
      res.send('yes');
    });
    const server = await listenOn(app, host.hostAddress);
    cleanups.push(async () => server.close());
    const origin = `http://${host.hostAddress}:${server.port}`;
    const url = `${origin}/dev/mailbox`;
    const status = ['--output', '/dev/null', '--write-out', '%{http_code}'];

    expect(await host.curl([`${origin}/reachable`])).toBe('yes');

    expect(await host.curl([...status, url])).toBe('404');
    expect(await host.curl([...status, '--header', 'X-Forwarded-For: 127.0.0.1', url])).toBe('404');
    expect(await host.curl([url])).not.toContain('segredo');
  });
});
