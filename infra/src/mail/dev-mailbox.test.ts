import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { devMailboxRouter } from './dev-mailbox';
import { createOutboxMailer } from './outbox';
import type { OutboxMailer } from './port';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function mailbox(options: { now?: () => Date } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'quitute-mailbox-'));
  const outbox = createOutboxMailer({ dir, ...options });
  const app = express();
  app.use(devMailboxRouter(outbox));
  const server = await listenOnFreePort(app);
  cleanups.push(server.close, () => rm(dir, { recursive: true, force: true }));
  const get = async (path: string) => {
    const response = await fetch(server.url + path);
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
    expect(html).toContain('10/03/2025, 09:00:00');
    expect(html).toContain('10/03/2025, 10:30:00');
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
