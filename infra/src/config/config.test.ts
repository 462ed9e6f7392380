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
      }),
    ).toMatchObject({
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017/quitute',
      KAFKA_BROKERS: ['kafka:9092', 'kafka-2:9092'],
    });
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

  it('given empty values, then they count as unset', () => {
    expect(loadConfig(schema, { PORT: '', MONGO_URL: '' })).toEqual({
      LOG_LEVEL: 'info',
      PORT: 8080,
    });
  });
});
