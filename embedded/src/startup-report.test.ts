import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, outboxWarning, startupBanner } from './startup-report';

describe('startupBanner', () => {
  it('given a first start with a generated password, then the address and the credentials in a short plain block', () => {
    const banner = startupBanner({
      url: 'http://localhost:8080',
      admin: {
        created: true,
        email: 'admin@quitute.com.br',
        password: 'Xy7abc123',
        generated: true,
      },
      mailboxUrl: 'http://localhost:8080/dev/mailbox',
    });
    expect(banner).toContain('Quitute is open at http://localhost:8080/cardapio');
    expect(banner).toMatch(/e-mail: +admin@quitute\.com\.br\n/);
    expect(banner).toMatch(/password: +Xy7abc123\n/);
    expect(banner).toContain('shown only this once');
    expect(banner).toContain('http://localhost:8080/dev/mailbox');
    expect(banner).not.toMatch(/[{}"]/);
    expect(banner.split('\n').length).toBeLessThan(15);
  });

  it('given the payment simulator, then the banner says no real money moves and where payments are approved', () => {
    const banner = startupBanner({
      url: 'http://localhost:8080',
      admin: { created: false },
      paymentSimulator: true,
    });
    expect(banner).toContain('Payments: the local simulator (no real money)');
    expect(banner).toContain('http://localhost:8080/simulator/payments/<paymentId>');
    expect(
      startupBanner({ url: 'http://localhost:8080', admin: { created: false } }),
    ).not.toContain('simulator');
  });

  it('given a later start, then no credentials at all', () => {
    const banner = startupBanner({ url: 'http://localhost:8080', admin: { created: false } });
    expect(banner).toContain('Quitute is open at http://localhost:8080/cardapio');
    expect(banner).not.toMatch(/password|admin/i);
  });

  it('given ADMIN_PASSWORD chose the password, then it is not printed', () => {
    const banner = startupBanner({
      url: 'http://localhost:8080',
      admin: {
        created: true,
        email: 'admin@quitute.com.br',
        password: 'Chosen123',
        generated: false,
      },
    });
    expect(banner).not.toContain('Chosen123');
    expect(banner).toContain('ADMIN_PASSWORD');
  });
});

describe('outboxWarning', () => {
  it.each([
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://[::1]:8080',
    'http://shop.localhost',
  ])('given the outbox and PUBLIC_URL %s (this machine), then no warning', (publicUrl) => {
    expect(isLoopbackUrl(publicUrl)).toBe(true);
    expect(outboxWarning({ mailTransport: 'outbox', publicUrl })).toBeUndefined();
  });

  it.each(['https://quitute.com.br', 'http://192.168.0.10:8080'])(
    'given the outbox and PUBLIC_URL %s, then one line saying the mails stay in the outbox and what to set',
    (publicUrl) => {
      const warning = outboxWarning({ mailTransport: 'outbox', publicUrl }) ?? '';
      expect(warning).toContain('MAIL_URL');
      expect(warning).toContain(publicUrl);
      expect(warning).not.toContain('\n');
    },
  );

  it('given SMTP, then no warning', () => {
    expect(
      outboxWarning({ mailTransport: 'smtp', publicUrl: 'https://quitute.com.br' }),
    ).toBeUndefined();
  });
});
