import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { devMailboxRouter, isLoopbackAddress } from './dev-mailbox';
import { createOutboxMailer } from './outbox';
import type { OutboxMailer } from './port';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function mailboxApp(options: { now?: () => Date; trustProxy?: string } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-mailbox-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const outbox = createOutboxMailer({ dir, ...(options.now ? { now: options.now } : {}) });
  const app = express();
  if (options.trustProxy) app.set('trust proxy', options.trustProxy);
  app.use(devMailboxRouter(outbox));
  return { outbox, app };
}

async function mailbox(options: { now?: () => Date; trustProxy?: string } = {}) {
  const { outbox, app } = await mailboxApp(options);
  const server = await listenOnFreePort(app);
  cleanups.push(server.close);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  return { outbox, get };
}

async function onlyId(outbox: OutboxMailer): Promise<string> {
  const [mail] = await outbox.list();
  if (!mail) throw new Error('the outbox is empty');
  return mail.id;
}

describe('dev mailbox', () => {
  it('given no mail, when the mailbox is opened, then it says so in pt-BR', async () => {
    const { get } = await mailbox();
    const { status, headers, html } = await get('/dev/mailbox');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(html).toContain('<title>Caixa de e-mails (desenvolvimento)</title>');
    expect(html).toContain('Nenhum e-mail enviado ainda.');
    expect(html).not.toContain('<script');
  });

  it('given two mails, when the mailbox is opened, then both are listed newest first with São Paulo time, recipient, subject and a link', async () => {
    let at = Date.parse('2025-03-10T12:00:00.000Z');
    const { outbox, get } = await mailbox({
      now: () => {
        const date = new Date(at);
        at += 90 * 60_000;
        return date;
      },
    });
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

  it('given a trusted proxy on loopback, when it forwards a client from elsewhere, then 404 on the list and on a mail', async () => {
    const { outbox, get } = await mailbox({ trustProxy: 'loopback' });
    await outbox.send({ to: 'ana@example.com', subject: 'Redefinir senha', text: 'token' });
    const fromElsewhere = { 'x-forwarded-for': '203.0.113.9' };
    expect((await get('/dev/mailbox', fromElsewhere)).status).toBe(404);
    const detail = await get(`/dev/mailbox/${await onlyId(outbox)}`, fromElsewhere);
    expect(detail.status).toBe(404);
    expect(detail.html).not.toContain('token');
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
