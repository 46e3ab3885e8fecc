import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import { strictUrls } from './webhooks.deps.ts';
import {
  guardedLookup,
  isPublicAddress,
  publicOnlyLookup,
  webhookUrlProblem,
  type Resolver,
} from './webhooks.url-safety.ts';

describe('isPublicAddress', () => {
  const refused = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT (Alibaba metadata)'],
    ['169.254.169.254', 'link-local metadata'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS IPv6 metadata'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'IPv4-mapped private, long form'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::', '6to4'],
    ['[::1]', 'bracketed loopback'],
    ['not-an-ip', 'not an address'],
    ['1.2.3', 'incomplete'],
  ];
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ];
  it.each(allowed)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('webhookUrlProblem', () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found;
    };
  const dns = resolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
    'internal.example.com': ['192.168.10.10'],
    'metadata.example.com': ['169.254.169.254'],
    'v6local.example.com': ['fd00::1'],
    'empty.example.com': [],
  });

  it.each([
    ['http://hooks.example.com/in', WEBHOOK_TEXT.httpsRequired],
    ['https://hooks.example.com/in', null],
    ['https://rebind.example.com/in', WEBHOOK_TEXT.privateAddress],
    ['https://internal.example.com/in', WEBHOOK_TEXT.privateAddress],
    ['https://metadata.example.com/latest', WEBHOOK_TEXT.privateAddress],
    ['https://v6local.example.com/in', WEBHOOK_TEXT.privateAddress],
    ['https://missing.example.com/in', WEBHOOK_TEXT.unresolvable],
    ['https://empty.example.com/in', WEBHOOK_TEXT.unresolvable],
    ['https://127.0.0.1/in', WEBHOOK_TEXT.privateAddress],
    ['https://2130706433/in', WEBHOOK_TEXT.privateAddress],
    ['https://0x7f.1/in', WEBHOOK_TEXT.privateAddress],
    ['https://[::1]/in', WEBHOOK_TEXT.privateAddress],
    ['https://[::ffff:169.254.169.254]/in', WEBHOOK_TEXT.privateAddress],
    ['https://[fd00:ec2::254]/in', WEBHOOK_TEXT.privateAddress],
    ['https://8.8.8.8/in', null],
  ])('in production, %s → %s', async (url, problem) => {
    expect(await webhookUrlProblem(url, true, dns)).toBe(problem);
  });

  it('allows anything http(s) outside production or with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://internal.example.com/', 'http://[::1]/'])
      expect(await webhookUrlProblem(url, false, dns)).toBeNull();
  });

  it('resolves localhost through the system resolver and refuses it', async () => {
    expect(await webhookUrlProblem('https://localhost/in', true)).toBe(WEBHOOK_TEXT.privateAddress);
  });
});

describe('strictUrls', () => {
  it('is on in production unless WEBHOOK_ALLOW_PRIVATE_URLS is set', () => {
    const key = Buffer.alloc(32);
    const config = (NODE_ENV: 'production' | 'development' | 'test', allowed: boolean) => ({
      NODE_ENV,
      WEBHOOK_ALLOW_PRIVATE_URLS: allowed,
      identityKey: key,
    });
    expect(strictUrls(config('production', false))).toBe(true);
    expect(strictUrls(config('production', true))).toBe(false);
    expect(strictUrls(config('development', false))).toBe(false);
    expect(strictUrls(config('test', false))).toBe(false);
  });
});

describe('the connection lookup', () => {
  const lookupOnce = (host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; result: unknown; family?: number }>((resolve) =>
      publicOnlyLookup(
        host,
        options as never,
        ((error: Error | null, result: unknown, family?: number) =>
          resolve({ error, result, family })) as never,
      ),
    );

  it('answers public addresses in both forms Node asks for', async () => {
    expect(await lookupOnce('8.8.8.8', { all: true })).toMatchObject({
      error: null,
      result: [{ address: '8.8.8.8', family: 4 }],
    });
    expect(await lookupOnce('8.8.8.8', {})).toMatchObject({ error: null, result: '8.8.8.8', family: 4 });
  });

  it('refuses a name that resolves to a private address', async () => {
    const { error } = await lookupOnce('localhost', { all: true });
    expect(error?.message).toMatch(/Address not allowed for webhooks/);
  });

  it('is used by a real connection, with and without several addresses', async () => {
    const server = http.createServer((_req, res) => res.end('here'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (options: http.RequestOptions) =>
      new Promise<string>((resolve, reject) =>
        http
          .get({ host: 'localhost', port, agent: false, ...options }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve(text));
          })
          .on('error', reject),
      );
    try {
      const loopbackAllowed = guardedLookup((address) => address === '127.0.0.1' || address === '::1');
      expect(await get({ lookup: loopbackAllowed, family: 4 })).toBe('here');
      // Node 20 asks for every address (autoSelectFamily) unless a family is given.
      expect(await get({ lookup: loopbackAllowed })).toBe('here');
      await expect(get({ lookup: publicOnlyLookup })).rejects.toThrow(/Address not allowed/);
    } finally {
      server.close();
    }
  });
});
