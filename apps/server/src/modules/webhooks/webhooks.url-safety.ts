import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';

/**
 * Where a webhook may be sent in production (docs/webhooks.md, "Safety"): only to public unicast
 * addresses. Refused: loopback, private, CGNAT, link-local (and so the cloud metadata address
 * 169.254.169.254), unspecified, documentation, benchmarking, multicast and reserved IPv4 ranges; in
 * IPv6 anything outside global unicast 2000::/3 (so ::1, ::, fe80::/10, fc00::/7 with AWS's
 * fd00:ec2::254), documentation, and the tunnelling forms (Teredo, 6to4) that hide an IPv4 address.
 * IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses are judged by their IPv4 address.
 */
const BLOCKED_V4: [number, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
].map(([base, bits]) => [ipv4ToNumber(base as string)!, bits as number]);

function ipv4ToNumber(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function publicV4(n: number): boolean {
  return !BLOCKED_V4.some(
    ([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit groups of an IPv6 address (zone and brackets removed), or null. */
function ipv6Groups(text: string): number[] | null {
  let rest = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // A trailing dotted IPv4 part (::ffff:127.0.0.1) becomes its two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(rest);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1]!);
    if (v4 === null) return null;
    rest = `${rest.slice(0, dotted.index)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const back = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...back].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const fill = 8 - head.length - back.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...back].map((g) =>
    parseInt(g, 16),
  );
}

function publicV6(g: number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embeddedV4 = () => g[6]! * 65536 + g[7]!;
  if (zeros(0, 5) && g[5] === 0xffff) return publicV4(embeddedV4()); // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return publicV4(embeddedV4()); // NAT64
  if ((g[0]! & 0xe000) !== 0x2000) return false; // outside global unicast 2000::/3
  if (g[0] === 0x2001 && g[1]! < 0x200) return false; // 2001::/23 IETF special purpose (Teredo, ...)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (g[0] === 0x2002) return false; // 6to4
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false; // documentation 3fff::/20
  return true;
}

/** True only for an IP address a webhook may be sent to in production. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return publicV4(ipv4ToNumber(bare)!);
  if (family === 6) {
    const groups = ipv6Groups(bare);
    return groups !== null && publicV6(groups);
  }
  return false;
}

/** Every address a host name resolves to (A and AAAA, as the system resolver answers). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  );

/**
 * What is wrong with a URL as a webhook target, or null. Outside production (or with
 * WEBHOOK_ALLOW_PRIVATE_URLS) any http(s) URL will do. In production it must be https and its host
 * must be a public address, or a name whose every address is public.
 */
export async function webhookUrlProblem(
  url: string,
  strict: boolean,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  if (!strict) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return WEBHOOK_TEXT.httpsRequired;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : WEBHOOK_TEXT.privateAddress;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return WEBHOOK_TEXT.unresolvable;
  }
  if (addresses.length === 0) return WEBHOOK_TEXT.unresolvable;
  return addresses.every(isPublicAddress) ? null : WEBHOOK_TEXT.privateAddress;
}

export class BlockedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_BLOCKED';
}

/**
 * A connection `lookup` that resolves the host and refuses the connection unless every address passes
 * `allowed`. Node calls it with `all: true` (several addresses, tried in turn) or without (one).
 */
export function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const blocked = found.find((a) => !allowed(a.address));
      if (blocked || found.length === 0)
        return callback(
          new BlockedAddressError(`Address not allowed for webhooks: ${blocked?.address ?? 'none'}`),
          '',
          0,
        );
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const wanted = family ? found.filter((a) => a.family === family) : found;
      if (wanted.length === 0) {
        const missing = Object.assign(new Error(`No IPv${family} address for ${hostname}`), {
          code: 'ENOTFOUND',
        });
        return callback(missing, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}

/**
 * The `lookup` of a delivery's connection in production. The socket connects to the addresses checked
 * here, so a name that answered a public address when saved and a private one now (DNS rebinding) is
 * refused at the moment of sending, not only when the URL was saved.
 */
export const publicOnlyLookup = guardedLookup(isPublicAddress);
