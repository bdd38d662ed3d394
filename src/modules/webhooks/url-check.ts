import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.js';

/**
 * TEMPORARY (until the outbox's targets.ts and its `webhooks` setting are merged): the same check
 * as targets.ts's `checkWebhookUrl`, so that the API refuses unsafe URLs at creation
 * (docs/webhooks.md#validation). The merge replaces this file by imports of targets.ts and
 * `config.webhooks.allowPrivateNetworks`.
 */

const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

function addressProblem(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const normalised = parsed.toString();
  if (METADATA.has(normalised)) return `${normalised} is a metadata address`;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${normalised} is a ${range} address${PRIVATE_RANGES.has(range) ? ' (WEBHOOK_ALLOW_PRIVATE_NETWORKS is off)' : ''}`;
}

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
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (host === '') return 'the URL must name a host';
  if (isIP(host) !== 0) return addressProblem(host, allowPrivate);
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return `${host} is a loopback address`;
  return null;
}

/** WEBHOOK_ALLOW_PRIVATE_NETWORKS, as the outbox's configuration will hold it. */
export function allowPrivateNetworks(config: Config): boolean {
  return (config as Config & { webhooks?: { allowPrivateNetworks?: boolean } }).webhooks?.allowPrivateNetworks === true;
}
