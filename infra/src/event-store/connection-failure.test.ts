import { describe, expect, it } from 'vitest';
import { asStoreError, isConnectionFailure } from './connection-failure';
import { StoreUnavailableError } from './port';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('given the errors of a server that is down, restarting or cut off, then each is a connection failure', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ]) {
      expect(isConnectionFailure(error), error.message).toBe(true);
    }
  });

  it('given a query the server refused (constraint, syntax) or something else, then it is not', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "SELEC"', '42601'),
      new Error('Wrong expected revision'),
      'ECONNREFUSED',
    ]) {
      expect(isConnectionFailure(error)).toBe(false);
    }
  });
});

describe('asStoreError', () => {
  it('given a connection failure, then a StoreUnavailableError carrying it; given another error, then that error', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    const wrapped = asStoreError(refused);
    expect(wrapped).toBeInstanceOf(StoreUnavailableError);
    expect(wrapped).toHaveProperty('cause', refused);
    const unique = withCode('duplicate key', '23505');
    expect(asStoreError(unique)).toBe(unique);
  });
});
