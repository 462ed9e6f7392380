import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-address';

const request = (remoteAddress: string | undefined, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientKeyOf', () => {
  it('given no TRUST_PROXY, then the connection’s own address, whatever X-Forwarded-For says', () => {
    expect(clientKeyOf()(request('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
  });

  it('given the proxy trusted by name, then the address it forwarded for', () => {
    expect(clientKeyOf(['loopback'])(request('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('given one trusted hop, then the last address the proxy added, not one the client wrote before it', () => {
    expect(clientKeyOf(1)(request('10.0.0.2', '198.51.100.1, 203.0.113.7'))).toBe('203.0.113.7');
  });

  it('given a proxy not trusted, then its own address', () => {
    expect(clientKeyOf(['10.0.0.0/8'])(request('192.0.2.1', '203.0.113.7'))).toBe('192.0.2.1');
  });

  it('given two IPv6 addresses of one /56, then one key, as the HTTP limits count them', () => {
    const key = clientKeyOf();
    expect(key(request('2001:db8:aa:bb01::1'))).toBe(key(request('2001:db8:aa:bbff::2')));
    expect(key(request('2001:db8:aa:bb01::1'))).not.toBe(key(request('2001:db8:aa:cc01::1')));
  });

  it('given a connection already closed (no address), then an empty key rather than a throw', () => {
    expect(clientKeyOf(['loopback'])(request(undefined))).toBe('');
  });
});
