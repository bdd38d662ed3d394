import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, isIPv6, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (docs/webhooks.md#safe-targets). An endpoint's URL is
 * checked when it is registered (`checkWebhookUrl`) and its host again at every connection
 * (`safeLookup`): the addresses DNS answers are checked and the connection goes to a checked
 * address, so that a name answering a private address later cannot turn a call inward.
 */

/** Ranges allowed only with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, and the only ones plain http may go to. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Cloud metadata services: never a target, whatever the setting. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** The global unicast space of IPv6 (2000::/3): anything outside it is special-purpose or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
/** Special-purpose IPv6 ranges ipaddr.js calls `unicast`: IPv4-compatible (RFC 4291, deprecated) and the dummy prefix (RFC 9780). */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];
const DUMMY = ipaddr.parseCIDR('100:0:0:1::/64') as [ipaddr.IPv6, number];

/** "an ipv4Compatible", "a uniqueLocal": the article of a range's name in a refusal. */
const article = (word: string) => (/^([aeio]|un[^i])/.test(word) ? 'an' : 'a');

/** An address as judged: its range (ipaddr.js's names, plus `ipv4Compatible`, `dummy`), how it is shown, and why. */
export interface AddressClass {
  /** `unicast` for a public address; `metadata` for a cloud metadata service. */
  range: string;
  /** The address as it is named in a refusal (an IPv4-mapped IPv6 address by its IPv4 address). */
  shown: string;
  /** What a refusal adds (the IPv4 address a 6to4 address leads to). */
  detail: string;
}

/** What an address is, or null when it is not an IP address. */
export function classifyAddress(address: string): AddressClass | null {
  if (isIP(address) === 0) return null;
  // ipaddr.js reads `::a.b.c.d` (IPv4-compatible) as `::ffff:a.b.c.d`: the URL parser writes every IPv6 address in hex first.
  const written = isIPv6(address) ? canonicalIPv6(address) : address;
  if (written === null || !ipaddr.isValid(written)) return null;
  const parsed = ipaddr.parse(written);
  if (parsed.kind() === 'ipv4') return classOf(parsed, '');
  const v6 = parsed as ipaddr.IPv6;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address: the connection goes to it.
  if (v6.isIPv4MappedAddress()) return classOf(v6.toIPv4Address(), '');
  const range = v6.range() as string;
  if (range === '6to4') {
    // 2002:AABB:CCDD::/48 is reached through the IPv4 address AA.BB.CC.DD: public only when that one is.
    const [high, low] = [v6.parts[1]!, v6.parts[2]!];
    const embedded = classOf(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]), '');
    if (embedded.range === 'unicast') return { range: 'unicast', shown: v6.toString(), detail: '' };
    return { range: '6to4', shown: v6.toString(), detail: ` leading to ${embedded.shown}, ${article(embedded.range)} ${embedded.range} address` };
  }
  if (range !== 'unicast') return classOf(v6, range);
  if (v6.match(IPV4_COMPATIBLE)) return classOf(v6, 'ipv4Compatible');
  if (v6.match(DUMMY)) return classOf(v6, 'dummy');
  if (!v6.match(GLOBAL_UNICAST)) return classOf(v6, 'reserved');
  return classOf(v6, 'unicast');
}

function classOf(address: ipaddr.IPv4 | ipaddr.IPv6, range: string): AddressClass {
  const shown = address.toString();
  if (METADATA.has(shown)) return { range: 'metadata', shown, detail: '' };
  return { range: range || address.range(), shown, detail: '' };
}

/** An IPv6 address in the URL standard's form (lower-case hex, zeros compressed), or null. */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * Why an address may not be called, or null when it may: a public address (over https), and with
 * `allowPrivate` a private or loopback one too; plain http (`plainHttp`) only towards the latter.
 */
export function addressProblem(address: string, allowPrivate: boolean, plainHttp = false): string | null {
  const judged = classifyAddress(address);
  if (judged === null) return `not an IP address: ${address}`;
  const { range, shown, detail } = judged;
  if (range === 'metadata') return `${shown} is a metadata address`;
  if (range === 'unicast') return plainHttp ? `${shown} is a public address: http only towards private and loopback addresses, use https` : null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${shown} is ${article(range)} ${range} address${detail}${PRIVATE_RANGES.has(range) ? ' (this installation does not allow private addresses)' : ''}`;
}

/** `localhost` and the names under it (RFC 6761), with or without the final dot of a fully qualified name. */
export function isLocalhostName(host: string): boolean {
  const name = host.replace(/\.+$/, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The problem of a webhook URL, or null: https (http only with WEBHOOK_ALLOW_PRIVATE_NETWORKS,
 * and only towards private and loopback addresses), no user name or password, a host; an IP
 * address written in it must be one that may be called, a `localhost` name counts as loopback.
 * A name that could be anything is taken here and judged at every connection on the addresses it
 * resolves to (`safeLookup`).
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not a valid absolute URL';
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) {
    return allowPrivate ? 'the URL must use https or http' : 'the URL must use https';
  }
  if (parsed.username !== '' || parsed.password !== '') return 'the URL must not contain a user name or password';
  const host = hostOf(parsed);
  if (host.replace(/\.+$/, '') === '') return 'the URL must name a host';
  if (isIP(host) !== 0) return addressProblem(host, allowPrivate, parsed.protocol === 'http:');
  if (!allowPrivate && isLocalhostName(host)) return `${host} is a loopback address`;
  return null;
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** A refused target: the call is not made, and the delivery fails (and is retried: DNS may change). */
export class UnsafeTargetError extends Error {
  readonly code = 'UNSAFE_TARGET';
}

/**
 * A `lookup` for the http(s) agents: resolves every address of the host and answers only those
 * that may be called (the connection then goes to one of them), or an UnsafeTargetError. The
 * agent of plain http (`plainHttp`) answers only private and loopback addresses.
 */
export function safeLookup(allowPrivate: boolean, plainHttp = false, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((entry) => addressProblem(entry.address, allowPrivate, plainHttp) === null);
      if (allowed.length === 0) {
        const problem = addresses.length === 0 ? `${hostname} has no address` : addressProblem(addresses[0]!.address, allowPrivate, plainHttp)!;
        return callback(new UnsafeTargetError(`refused target: ${problem}`), '', 4);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
