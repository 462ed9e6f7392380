import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTwilioSmsSender, TwilioSmsError } from './twilio';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'f'.repeat(32);
const FROM = '+5511912345678';

interface ReceivedRequest {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
}

type Behaviour = 'accept' | 'refuse' | 'never-answer';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A local stand-in for Twilio's Messages API: what Twilio answers to
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (201 with the new
 * message, or its error body with 400), or no answer at all.
 */
async function fakeTwilio(behaviour: Behaviour) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        path: req.url,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        fields: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      if (behaviour === 'never-answer') return;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (behaviour === 'refuse') {
        json(400, {
          code: 21211,
          message: "The 'To' number +5511000000000 is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
        return;
      }
      const fields = received.at(-1)?.fields ?? {};
      const sid = 'SM0123456789abcdef0123456789abcdef';
      json(201, {
        account_sid: ACCOUNT_SID,
        api_version: '2010-04-01',
        body: fields.Body,
        date_created: 'Mon, 10 Mar 2025 12:00:00 +0000',
        date_sent: null,
        date_updated: 'Mon, 10 Mar 2025 12:00:00 +0000',
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: fields.From,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: {
          media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}/Media.json`,
        },
        to: fields.To,
        uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${address.port}`, received };
}

const sender = (apiUrl: string, timeoutMs?: number) =>
  createTwilioSmsSender({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    apiUrl,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

const text = 'Quitute: seu pedido nº 1042 está pronto para retirada. Pão de queijo quentinho!';

describe('Twilio SMS sender against a local fake of its API', () => {
  it('given Twilio takes the message, when sent, then it posted to, from and the UTF-8 text to the account’s Messages with basic auth, and resolves with the message SID', async () => {
    const twilio = await fakeTwilio('accept');
    const sms = sender(twilio.url);
    expect(sms.transport).toBe('twilio');

    const sent = await sms.send({ to: '+5511987654321', text });

    expect(sent).toEqual({ messageId: 'SM0123456789abcdef0123456789abcdef' });
    expect(twilio.received).toHaveLength(1);
    const [request] = twilio.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.fields).toEqual({ To: '+5511987654321', From: FROM, Body: text });
  });

  it('given Twilio refuses the message, when sent, then the send rejects with Twilio’s message, status and code', async () => {
    const twilio = await fakeTwilio('refuse');
    const error = await sender(twilio.url)
      .send({ to: '+5511000000000', text })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TwilioSmsError);
    expect(error).toMatchObject({
      message: "The 'To' number +5511000000000 is not a valid phone number.",
      status: 400,
      code: 21211,
    });
    expect(twilio.received).toHaveLength(1);
  });

  it('given Twilio never answers, when sent, then the send rejects within the timeout, and nothing of the credentials is on the error', async () => {
    const twilio = await fakeTwilio('never-answer');
    const started = performance.now();
    const error = await sender(twilio.url, 200)
      .send({ to: '+5511987654321', text })
      .catch((reason: unknown) => reason);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TwilioSmsError);
    expect(error).toMatchObject({ message: 'Twilio did not answer within 200 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(2_000);
    expect(twilio.received).toHaveLength(1);
    const serialized = JSON.stringify(error, Object.getOwnPropertyNames(error));
    expect(serialized).not.toContain(AUTH_TOKEN);
    expect(serialized).not.toContain(
      Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64'),
    );
  });

  it('given nothing listens at the API address, when sent, then the send rejects saying Twilio could not be reached', async () => {
    const twilio = await fakeTwilio('accept');
    await closers.splice(0).reduce((done, close) => done.then(close), Promise.resolve());
    await expect(sender(twilio.url).send({ to: '+5511987654321', text })).rejects.toThrow(
      /^Twilio could not be reached: .*ECONNREFUSED/,
    );
  });

  it.each([
    [{ accountSid: 'SK0123456789abcdef0123456789abcdef' }, /account SID/],
    [{ accountSid: 'AC123' }, /account SID/],
    [{ authToken: '' }, /auth token/],
    [{ from: '11912345678' }, /E\.164/],
    [{ apiUrl: 'ftp://twilio.example' }, /API URL/],
  ])(
    'given the setting %j, when the sender is made, then it refuses at once',
    (override, message) => {
      expect(() =>
        createTwilioSmsSender({
          accountSid: ACCOUNT_SID,
          authToken: AUTH_TOKEN,
          from: FROM,
          ...override,
        }),
      ).toThrow(message);
    },
  );
});
