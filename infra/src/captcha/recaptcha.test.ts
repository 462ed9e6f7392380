import type { IncomingMessage, RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing';
import { createCaptcha } from './index';
import { createRecaptchaCaptcha } from './recaptcha';

const secret = 'server-secret';
const siteKey = 'site-key-for-the-browser';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Plays Google's siteverify: only `good-token` with our secret succeeds. */
function fakeSiteverify(received: URLSearchParams[]): RequestListener {
  return (req, res) => {
    void readBody(req).then((body) => {
      const form = new URLSearchParams(body);
      received.push(form);
      res.setHeader('content-type', 'application/json');
      if (form.get('response') === 'server-error') {
        res.statusCode = 500;
        res.end('{"success":true}');
        return;
      }
      if (form.get('response') === 'not-json') {
        res.end('<html>oops</html>');
        return;
      }
      const success = form.get('secret') === secret && form.get('response') === 'good-token';
      res.end(
        JSON.stringify(
          success
            ? { success, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  };
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function siteverify() {
  const received: URLSearchParams[] = [];
  const server = await listenOnFreePort(fakeSiteverify(received));
  servers.push(server);
  return { received, verifyUrl: `${server.url}/recaptcha/api/siteverify` };
}

describe('reCAPTCHA captcha', () => {
  it('when the challenge is requested, then it tells the browser the provider and site key', async () => {
    const captcha = createRecaptchaCaptcha({ secret, siteKey });
    expect(captcha.provider).toBe('recaptcha');
    expect(await captcha.challenge()).toEqual({ provider: 'recaptcha', siteKey });
  });

  it('given Google accepts the token, when verified, then true, and Google got the secret, the token and the ip as a form', async () => {
    const { received, verifyUrl } = await siteverify();
    const captcha = createRecaptchaCaptcha({ secret, siteKey, verifyUrl });
    expect(await captcha.verify('good-token', '203.0.113.7')).toBe(true);
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      secret,
      response: 'good-token',
      remoteip: '203.0.113.7',
    });
  });

  it('given Google refuses the token, when verified, then false', async () => {
    const { received, verifyUrl } = await siteverify();
    const captcha = createRecaptchaCaptcha({ secret, siteKey, verifyUrl });
    expect(await captcha.verify('bad-token')).toBe(false);
    expect(received[0]?.has('remoteip')).toBe(false);
  });

  it('given another secret, when verified, then Google refuses it', async () => {
    const { verifyUrl } = await siteverify();
    const captcha = createRecaptchaCaptcha({ secret: 'wrong-secret', siteKey, verifyUrl });
    expect(await captcha.verify('good-token')).toBe(false);
  });

  it('given Google answers an error status or not JSON, when verified, then false', async () => {
    const { verifyUrl } = await siteverify();
    const captcha = createRecaptchaCaptcha({ secret, siteKey, verifyUrl });
    expect(await captcha.verify('server-error')).toBe(false);
    expect(await captcha.verify('not-json')).toBe(false);
  });

  it('given an empty token, when verified, then false without asking Google', async () => {
    const { received, verifyUrl } = await siteverify();
    const captcha = createRecaptchaCaptcha({ secret, siteKey, verifyUrl });
    expect(await captcha.verify('')).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('given Google is unreachable, when verified, then false', async () => {
    const gone = await listenOnFreePort(() => {});
    await gone.close();
    const captcha = createRecaptchaCaptcha({ secret, siteKey, verifyUrl: gone.url });
    expect(await captcha.verify('good-token')).toBe(false);
  });

  it('given Google hangs, when verified, then false after the timeout', async () => {
    const hanging = await listenOnFreePort(() => {});
    servers.push(hanging);
    const captcha = createRecaptchaCaptcha({
      secret,
      siteKey,
      verifyUrl: hanging.url,
      timeoutMs: 100,
    });
    expect(await captcha.verify('good-token')).toBe(false);
  });
});

describe('createCaptcha', () => {
  it('given a reCAPTCHA secret and site key, then reCAPTCHA; given none, then ALTCHA', () => {
    const hmacKey = 'a-test-key-that-is-long-enough-for-hmac';
    expect(
      createCaptcha({ recaptchaSecret: secret, recaptchaSiteKey: siteKey, hmacKey }).provider,
    ).toBe('recaptcha');
    expect(createCaptcha({ hmacKey }).provider).toBe('altcha');
    expect(createCaptcha({ recaptchaSecret: '', hmacKey }).provider).toBe('altcha');
  });

  it('given a reCAPTCHA secret without a site key, then it refuses to start', () => {
    expect(() => createCaptcha({ recaptchaSecret: secret, hmacKey: 'k' })).toThrow(/site key/);
  });
});
