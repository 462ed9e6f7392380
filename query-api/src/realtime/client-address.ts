import type { IncomingMessage } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '@quitute/infra/config';

/**
 * Who a raw request (socket.io's handshake, not Express's) comes from, as
 * Express's `req.ip` sees it under the same TRUST_PROXY, and keyed as the HTTP
 * limits key it (an IPv6 client by its /56): behind a proxy every connection's
 * own address is the proxy's, so a count by that address is one for the whole shop.
 */
export function clientKeyOf(trustProxy: TrustProxy = false): (request: IncomingMessage) => string {
  const trusted =
    trustProxy === false
      ? () => false
      : typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : proxyaddr.compile(trustProxy);
  return (request) => {
    // A socket already closed has no address left to read.
    if (request.socket.remoteAddress === undefined) return '';
    return ipKeyGenerator(proxyaddr(request, trusted));
  };
}
