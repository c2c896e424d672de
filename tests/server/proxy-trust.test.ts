// Which address a limit counts: TRUST_PROXY is a number of proxy hops or a list of
// proxy addresses, never "trust everything". Behind a proxy that appends the address it saw to
// X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, cloud load balancers), whatever the
// client wrote into the header itself must not change which limit it counts against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { addressKey } from '../../server/lib/address';
import { createTestApp, validSubmission, type TestApp } from './helpers';

describe('TRUST_PROXY', () => {
  it('is refused at start when "true", with a message saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would trust every X-Forwarded-For entry.*TRUST_PROXY=1/,
    );
  });

  it('takes a hop count or a list of addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('false')).toBe(0);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.1,fd00::/8')).toEqual(['10.0.0.0/8', '192.0.2.1', 'fd00::/8']);
    for (const bad of [
      'yes',
      '-1',
      '1.5',
      '11',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      'fd00::/129',
      'example.org',
      '10.0.0.256',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('address keys', () => {
  it('IPv4 as is; IPv4-mapped IPv6 as IPv4; IPv6 as its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

/** Submits one valid report as `peer` with the given X-Forwarded-For; returns the status. */
async function submitAs(t: TestApp, peer: string, forwardedFor?: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/experiences',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: validSubmission(t.peptides.get('BPC-157')!),
  });
  return res.statusCode;
}

const LIMITS = { RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_SUBMISSIONS: '2' };

describe('behind one proxy that appends to X-Forwarded-For (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...LIMITS, TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(() => t?.close());

  it('a client cannot choose its address by writing the header itself', async () => {
    const proxy = '10.0.0.2';
    const client = '203.0.113.7';
    const statuses = [];
    // The client writes a new "address" every time; the proxy appends the one it really saw.
    for (let i = 0; i < 5; i++) statuses.push(await submitAs(t, proxy, `198.51.100.${i + 1}, ${client}`));
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    // Another client behind the same proxy has its own limit.
    expect(await submitAs(t, proxy, `${client}, 203.0.113.8`)).toBe(201);
  });

  it('a forwarded value that is no address counts against the proxy, not a fresh limit of its own', async () => {
    const proxy = '10.0.0.9';
    const statuses = [];
    for (const junk of ['garbage-1', '10.5.5.5:1001', '[2001:db8::1]', '0198.51.100.10'])
      statuses.push(await submitAs(t, proxy, junk));
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('IPv6 clients are limited per /64: a new address in the same /64 is the same client', async () => {
    const proxy = '10.0.0.2';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await submitAs(t, proxy, `2001:db8:aa:bb::${(i + 1).toString(16)}`));
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(await submitAs(t, proxy, '2001:db8:aa:bc::1')).toBe(201);
  });
});

describe('without a proxy (TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...LIMITS, TRUST_PROXY: '' });
  }, 60_000);
  afterAll(() => t?.close());

  it('X-Forwarded-For is ignored: the peer is the client', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await submitAs(t, '198.51.100.20', `203.0.113.${i + 1}`));
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});

describe('proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...LIMITS, TRUST_PROXY: '10.0.0.0/8' });
  }, 60_000);
  afterAll(() => t?.close());

  it('through two listed proxies the client is the first untrusted hop; whatever it wrote before that is ignored', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(await submitAs(t, '10.0.0.6', `192.0.2.${i + 1}, 203.0.113.30, 10.0.0.5`));
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('a client connecting directly, not through a listed proxy, is counted by its own address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await submitAs(t, '198.51.100.40', `10.0.0.${i + 1}`));
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});
