import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (docs/webhooks.md#safe-targets). An endpoint's URL is
 * checked when it is registered (`checkWebhookUrl`) and its host again at every connection
 * (`safeLookup`): the addresses DNS answers are checked and the connection goes to a checked
 * address, so that a name answering a private address later cannot turn a call inward.
 */

/** Ranges (ipaddr.js names) allowed only with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Cloud metadata services: never a target, whatever the setting. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** Why an address may not be called, or null when it may. */
export function addressProblem(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  let parsed = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const normalised = parsed.toString();
  if (METADATA.has(normalised)) return `${normalised} is a metadata address`;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${normalised} is a ${range} address${PRIVATE_RANGES.has(range) ? ' (WEBHOOK_ALLOW_PRIVATE_NETWORKS is off)' : ''}`;
}

/**
 * The problem of a webhook URL, or null: https (http only with WEBHOOK_ALLOW_PRIVATE_NETWORKS),
 * no user name or password, a host; an IP address written in it must be one that may be called.
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
  if (host === '') return 'the URL must name a host';
  if (isIP(host) !== 0) return addressProblem(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return `${host} is a loopback address`;
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
 * that may be called (the connection then goes to one of them), or an UnsafeTargetError.
 */
export function safeLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((entry) => addressProblem(entry.address, allowPrivate) === null);
      if (allowed.length === 0) {
        const problem = addresses.length === 0 ? `${hostname} has no address` : addressProblem(addresses[0]!.address, allowPrivate)!;
        return callback(new UnsafeTargetError(`refused target: ${problem}`), '', 4);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
