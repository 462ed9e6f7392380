import { BlockList, isIPv6 } from 'node:net';
import type { Request } from 'express';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, IPv4-mapped forms included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return loopback.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A client on this machine: `req.ip` as the app's `trust proxy` setting sees
 * it. A loopback peer that forwards for someone it was not trusted to name (a
 * proxy on this machine, TRUST_PROXY unset) may be forwarding anyone, so it
 * does not count.
 */
export function isLocalClient(req: Request): boolean {
  const forwarded = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  if (forwarded && req.ips.length === 0) return false;
  return isLoopbackAddress(req.ip);
}
