// The client address as rate limits see it. Which proxies may name the client is decided once,
// by Fastify's `trustProxy` from TRUST_PROXY (server/config.ts): `request.ip` is then the peer
// itself, or the address the trusted hops say they received the request from.
import net from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes "trust the first N addresses,
 * counting from our peer outwards" (Fastify 5 itself trusts nothing for a bare number); with
 * one appending proxy the client is the header's last entry, whatever it wrote before it.
 */
export function trustProxyOption(trust: number | string[]): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(trust)) return trust;
  if (trust <= 0) return false;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * The client address, used only as rate-limit input (hashed there), never stored or logged.
 * An IPv6 client is one /64: a single subscriber is usually given a whole /64 and can pick any
 * of its 2^64 addresses, so limiting per address would limit nothing.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip || '';
  // A trusted proxy passing on text that is no address ("garbage", "10.0.0.1:80"): each such
  // text would be a fresh limit of its own, so the request counts as its peer's instead.
  if (net.isIP(ip.split('%')[0])) return addressKey(ip);
  return addressKey(request.socket?.remoteAddress || 'unknown');
}

/** IPv4 as is; IPv4-mapped IPv6 as the IPv4 it carries; other IPv6 as its /64 prefix. */
export function addressKey(ip: string): string {
  const zoneless = ip.split('%')[0];
  if (net.isIPv4(zoneless)) return zoneless;
  if (!net.isIPv6(zoneless)) return ip;
  const groups = expandIpv6(zoneless);
  const mapped = /^0:0:0:0:0:ffff:/.test(groups.join(':'));
  if (mapped) {
    const hi = parseInt(groups[6], 16);
    const lo = parseInt(groups[7], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16).toString(16));
}
