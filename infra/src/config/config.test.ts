import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonEnv, ConfigError, loadConfig } from './index';

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
