import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountsEnv,
  chatbotEnv,
  checkPaymentsEnv,
  checkSmsEnv,
  commonEnv,
  ConfigError,
  loadConfig,
  paymentsConfig,
  paymentsEnv,
  proxyEnv,
  smsConfig,
} from './index';

const schema = z.object(commonEnv);

describe('loadConfig', () => {
  it('given no variables, then the defaults', () => {
    expect(loadConfig(schema, {})).toEqual({ LOG_LEVEL: 'info', PORT: 8080 });
  });

  it('given adapter URLs, then they are kept and brokers split', () => {
    expect(
      loadConfig(schema, {
        EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
        MONGO_URL: 'mongodb://mongo:27017/quitute',
        KAFKA_BROKERS: 'kafka:9092,kafka-2:9092',
        REDIS_URL: 'redis://redis:6379',
      }),
    ).toMatchObject({
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017/quitute',
      KAFKA_BROKERS: ['kafka:9092', 'kafka-2:9092'],
      REDIS_URL: 'redis://redis:6379',
    });
    expect(
      loadConfig(schema, { REDIS_URL: 'rediss://:secret@cache.example:6380/0' }),
    ).toMatchObject({ REDIS_URL: 'rediss://:secret@cache.example:6380/0' });
  });

  it('given a bad PORT, then one line naming the variable and the value', () => {
    expect(() => loadConfig(schema, { PORT: 'abc' })).toThrow(
      new ConfigError('Invalid configuration: PORT must be a port number (got "abc")'),
    );
    expect(() => loadConfig(schema, { PORT: '70000' })).toThrow(/^Invalid configuration: PORT/);
  });

  it('given an EVENTSTORE_URL of another kind, then it is refused', () => {
    expect(() => loadConfig(schema, { EVENTSTORE_URL: 'mysql://x' })).toThrow(
      'Invalid configuration: EVENTSTORE_URL must start with esdb://, postgres:// or postgresql:// (got "mysql://x")',
    );
  });

  it('given a REDIS_URL of another kind, then it is refused', () => {
    for (const value of ['http://redis:6379', 'redis:6379', 'redis://']) {
      expect(() => loadConfig(schema, { REDIS_URL: value })).toThrow(
        `Invalid configuration: REDIS_URL must start with redis:// or rediss:// (got "${value}")`,
      );
    }
  });

  it('given empty values, then they count as unset', () => {
    expect(loadConfig(schema, { PORT: '', MONGO_URL: '', REDIS_URL: '' })).toEqual({
      LOG_LEVEL: 'info',
      PORT: 8080,
    });
  });
});

describe('accountsEnv secrets', () => {
  const accounts = z.object(accountsEnv);

  it.each([
    ['JWT_SECRET', 'local-compose-only-jwt-secret-0123456789abcdef'],
    ['CAPTCHA_HMAC_KEY', 'local-compose-only-captcha-key-0123456789abcd'],
  ])(
    'given %s set to the value docker-compose.yml once published, then it is refused naming the variable',
    (variable, value) => {
      expect(() => loadConfig(accounts, { [variable]: value })).toThrow(
        new RegExp(`^Invalid configuration: ${variable} is a published example value`),
      );
    },
  );

  it('given secrets of 32+ random characters, then they are kept', () => {
    const secret = 'k'.repeat(20) + '0123456789ab';
    expect(loadConfig(accounts, { JWT_SECRET: secret, CAPTCHA_HMAC_KEY: secret })).toMatchObject({
      JWT_SECRET: secret,
      CAPTCHA_HMAC_KEY: secret,
    });
  });
});

describe('Twilio settings (accountsEnv)', () => {
  const accounts = z.object(accountsEnv).superRefine(checkSmsEnv);
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: '0123456789abcdef'.repeat(2),
    TWILIO_FROM: '+5511912345678',
  };

  it('given none of them (or empty values), then the SMS outbox', () => {
    expect(smsConfig(loadConfig(accounts, {}))).toEqual({});
    const empty = { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '' };
    expect(smsConfig(loadConfig(accounts, empty))).toEqual({});
  });

  it('given all three, then Twilio with them', () => {
    expect(smsConfig(loadConfig(accounts, twilio))).toEqual({
      twilio: {
        accountSid: twilio.TWILIO_ACCOUNT_SID,
        authToken: twilio.TWILIO_AUTH_TOKEN,
        from: '+5511912345678',
      },
    });
  });

  it.each([
    [
      'TWILIO_FROM',
      {
        TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: twilio.TWILIO_AUTH_TOKEN,
      },
    ],
    [
      'TWILIO_ACCOUNT_SID',
      { TWILIO_AUTH_TOKEN: twilio.TWILIO_AUTH_TOKEN, TWILIO_FROM: twilio.TWILIO_FROM },
    ],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_FROM: twilio.TWILIO_FROM }],
  ])('given a partial set without %s, then start-up stops naming it', (missing, partial) => {
    const expected = new RegExp(
      `^Invalid configuration: ${missing} must be set too: Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together .*\\(got unset\\)$`,
    );
    expect(() => loadConfig(accounts, partial)).toThrow(expected);
    // Read from a schema that forgot checkSmsEnv, it still stops.
    expect(() => smsConfig(loadConfig(z.object(accountsEnv), partial))).toThrow(expected);
  });

  it.each([
    [
      'TWILIO_ACCOUNT_SID',
      'SK0123456789abcdef0123456789abcdef',
      /must be AC followed by 32 hexadecimal digits/,
    ],
    ['TWILIO_AUTH_TOKEN', 'curto', /must have at least 32 characters/],
    ['TWILIO_FROM', '11912345678', /must be a number in E\.164 form/],
    ['TWILIO_FROM', 'Quitute', /must be a number in E\.164 form/],
  ])('given %s set to %s, then start-up stops naming it', (variable, value, message) => {
    expect(() => loadConfig(accounts, { ...twilio, [variable]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${variable} ${message.source}`),
    );
  });
});

describe('TRUST_PROXY', () => {
  const proxy = z.object(proxyEnv);

  it.each([
    [undefined, false],
    ['', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 172.16.0.1,::1', ['10.0.0.0/8', '172.16.0.1', '::1']],
    ['uniquelocal,fd00::/8', ['uniquelocal', 'fd00::/8']],
  ])('given %s, then trust proxy is %j', (value, expected) => {
    expect(loadConfig(proxy, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'nginx', '10.0.0.0/33', '1.2.3', '-1'])(
    'given %s, then one line naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig(proxy, { TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY must be a hop count/,
      );
    },
  );
});

describe('paymentsEnv', () => {
  const payments = z
    .object({ ...paymentsEnv, NODE_ENV: z.string().optional() })
    .superRefine(checkPaymentsEnv);
  const mercadoPago = {
    MP_ACCESS_TOKEN: 'APP_USR-0000000000',
    MP_WEBHOOK_SECRET: 'segredo-0123456789',
  };

  it('given production without Mercado Pago, then start-up stops unless PAYMENT_SIMULATOR=on', () => {
    expect(() => loadConfig(payments, { NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: MP_ACCESS_TOKEN must be set in production .* set PAYMENT_SIMULATOR=on/,
    );
    expect(loadConfig(payments, { NODE_ENV: 'production', PAYMENT_SIMULATOR: 'on' })).toMatchObject(
      {
        PAYMENT_SIMULATOR: 'on',
      },
    );
    expect(() => loadConfig(payments, { NODE_ENV: 'production', ...mercadoPago })).not.toThrow();
    expect(() => loadConfig(payments, { PAYMENT_SIMULATOR: 'yes' })).toThrow(
      'Invalid configuration: PAYMENT_SIMULATOR must be "on" or unset (got "yes")',
    );
  });

  it('given no payment settings, then the simulator with its defaults; given Mercado Pago, then its settings', () => {
    expect(paymentsConfig(loadConfig(payments, {}))).toEqual({});
    expect(
      paymentsConfig(loadConfig(payments, { ...mercadoPago, MP_API_URL: 'http://127.0.0.1:9' })),
    ).toEqual({
      mercadoPago: {
        accessToken: 'APP_USR-0000000000',
        webhookSecret: 'segredo-0123456789',
        apiUrl: 'http://127.0.0.1:9',
      },
      webhookSecret: 'segredo-0123456789',
    });
  });
});

describe('chatbotEnv', () => {
  const chatbot = z.object(chatbotEnv);

  it('given nothing (or an empty value), then no workflow', () => {
    expect(loadConfig(chatbot, {})).toEqual({});
    expect(loadConfig(chatbot, { CHATBOT_WEBHOOK_URL: '' })).toEqual({});
  });

  it('given a workflow URL, then it', () => {
    expect(
      loadConfig(chatbot, { CHATBOT_WEBHOOK_URL: 'https://n8n.example.com/webhook/chat' }),
    ).toEqual({ CHATBOT_WEBHOOK_URL: 'https://n8n.example.com/webhook/chat' });
  });

  it('given a workflow URL that is not http(s), then start-up stops naming it', () => {
    expect(() => loadConfig(chatbot, { CHATBOT_WEBHOOK_URL: 'file:///etc/passwd' })).toThrow(
      /CHATBOT_WEBHOOK_URL must be an http\(s\) URL/,
    );
  });
});
