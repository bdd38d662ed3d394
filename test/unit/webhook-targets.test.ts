import { describe, expect, it } from 'vitest';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import fc from 'fast-check';
import { addressProblem, checkWebhookUrl, classifyAddress, safeLookup } from '../../src/modules/webhooks/targets.js';

/** Where a webhook may be sent (docs/webhooks.md#safe-targets): the address classifier, the URL check, the connection's look-up. */

describe('the address classifier', () => {
  it.each([
    ['93.184.216.34', 'unicast', '93.184.216.34'],
    ['2606:4700:4700::1111', 'unicast', '2606:4700:4700::1111'],
    ['127.0.0.1', 'loopback', '127.0.0.1'],
    ['::ffff:10.0.0.1', 'private', '10.0.0.1'],
    ['::ffff:8.8.8.8', 'unicast', '8.8.8.8'],
    ['169.254.169.254', 'metadata', '169.254.169.254'],
    ['fd00:ec2::254', 'metadata', 'fd00:ec2::254'],
    ['::', 'unspecified', '::'],
    ['::1', 'loopback', '::1'],
    // IPv4-compatible (::/96): not the IPv4-mapped address ipaddr.js would read from the dotted form.
    ['::127.0.0.1', 'ipv4Compatible', '::7f00:1'],
    ['::7f00:1', 'ipv4Compatible', '::7f00:1'],
    ['::8.8.8.8', 'ipv4Compatible', '::808:808'],
    ['::ffff:0:7f00:1', 'rfc6145', '::ffff:0:7f00:1'],
    ['64:ff9b::8.8.8.8', 'rfc6052', '64:ff9b::808:808'],
    ['64:ff9b:1::1', 'rfc6052', '64:ff9b:1::1'],
    ['100::1', 'discard', '100::1'],
    ['100:0:0:1::1', 'dummy', '100:0:0:1::1'],
    ['2001::1', 'teredo', '2001::1'],
    ['2001:1::1', 'reserved', '2001:1::1'],
    ['2001:2::1', 'benchmarking', '2001:2::1'],
    ['2001:db8::1', 'reserved', '2001:db8::1'],
    ['2001:10::1', 'deprecatedOrchid', '2001:10::1'],
    ['2001:20::1', 'orchid2', '2001:20::1'],
    ['2002:7f00:1::', '6to4', '2002:7f00:1::'],
    ['2002:5db8:d822::1', 'unicast', '2002:5db8:d822::1'],
    ['fc00::1', 'uniqueLocal', 'fc00::1'],
    ['fe80::1', 'linkLocal', 'fe80::1'],
    ['fec0::1', 'deprecatedSiteLocal', 'fec0::1'],
    ['ff02::1', 'multicast', 'ff02::1'],
    ['::1:0:0:0', 'reserved', '::1:0:0:0'],
    ['4000::1', 'reserved', '4000::1'],
  ])('%s is %s (shown as %s)', (address, range, shown) => {
    expect(classifyAddress(address)).toEqual({ range, shown, detail: range === '6to4' ? ' leading to 127.0.0.1, a loopback address' : '' });
  });

  it('is null for what is not an IP address', () => {
    for (const text of ['localhost', '1.2.3', 'fe80::1%eth0', '', '::g']) expect(classifyAddress(text)).toBeNull();
  });

  it('names the refusal exactly', () => {
    expect(addressProblem('::127.0.0.1', false)).toBe('::7f00:1 is an ipv4Compatible address');
    expect(addressProblem('::127.0.0.1', true)).toBe('::7f00:1 is an ipv4Compatible address');
    expect(addressProblem('10.0.0.1', false)).toBe('10.0.0.1 is a private address (this installation does not allow private addresses)');
    expect(addressProblem('2002:a00:1::', true)).toBe('2002:a00:1:: is a 6to4 address leading to 10.0.0.1, a private address');
    expect(addressProblem('2002:a9fe:a9fe::', true)).toBe('2002:a9fe:a9fe:: is a 6to4 address leading to 169.254.169.254, a metadata address');
    expect(addressProblem('93.184.216.34', true, true)).toBe('93.184.216.34 is a public address: http only towards private and loopback addresses, use https');
    expect(addressProblem('93.184.216.34', false)).toBeNull();
    expect(addressProblem('127.0.0.1', true, true)).toBeNull();
  });
});

describe('IPv4 and IPv4-mapped addresses', () => {
  const refused = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
  ];
  it.each(refused)('refuses %s and ::ffff:%s', (address) => {
    expect(addressProblem(address, false)).not.toBeNull();
    expect(addressProblem(`::ffff:${address}`, false)).not.toBeNull();
  });
  it.each(['93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8'])('allows %s', (address) => expect(addressProblem(address, false)).toBeNull());

  it('with private networks allowed: private, loopback and carrier-grade NAT yes; metadata, link-local, multicast, broadcast, unspecified never', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '::ffff:127.0.0.1'])
      expect(addressProblem(address, true), address).toBeNull();
    for (const address of ['169.254.169.254', '169.254.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::ffff:169.254.169.254'])
      expect(addressProblem(address, true), address).not.toBeNull();
  });
});

/** An address of the range `cidr`, its free bits taken from `bits` (a 128-bit number). */
function inRange(cidr: string, bits: bigint): string {
  const [prefix, length] = cidr.split('/') as [string, string];
  const expanded = new URL(`http://[${prefix}]/`).hostname.slice(1, -1);
  const groups = expanded.includes('::') ? expandGroups(expanded) : expanded.split(':');
  const base = groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
  const free = 128n - BigInt(length);
  const value = (base & ~((1n << free) - 1n)) | (bits & ((1n << free) - 1n));
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
}
function expandGroups(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
const bits128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
const ipv4 = fc.ipV4();

describe('every special-purpose IPv6 range is refused (property)', () => {
  const refusedAlways = [
    '64:ff9b::/96',
    '64:ff9b:1::/48',
    '100::/64',
    '100:0:0:1::/64',
    '2001::/23',
    '2001::/32',
    '2001:2::/48',
    '2001:db8::/32',
    '2001:10::/28',
    '2001:20::/28',
    'fe80::/10',
    'ff00::/8',
    'fec0::/10',
    '::ffff:0:0:0/96',
    '3fff::/20',
    '5f00::/16',
  ];
  it.each(refusedAlways)('%s, whatever the setting', (cidr) => {
    fc.assert(
      fc.property(bits128, fc.boolean(), fc.boolean(), (bits, allowPrivate, plainHttp) => {
        expect(addressProblem(inRange(cidr, bits), allowPrivate, plainHttp)).not.toBeNull();
      }),
    );
  });

  it('::/96 (IPv4-compatible), whatever the setting and the IPv4 address in it', () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), (v4, allowPrivate) => {
        expect(addressProblem(`::${v4}`, allowPrivate)).not.toBeNull();
        expect(checkWebhookUrl(`https://[::${v4}]/hook`, allowPrivate)).not.toBeNull();
      }),
    );
  });

  it('fc00::/7 (unique local) unless private networks are allowed', () => {
    fc.assert(
      fc.property(bits128, (bits) => {
        const address = inRange('fc00::/7', bits);
        expect(addressProblem(address, false)).toMatch(/uniqueLocal|metadata/);
        if (address !== 'fd00:ec2:0:0:0:0:0:254') expect(addressProblem(address, true)).toBeNull();
      }),
    );
  });

  it('an IPv4-mapped address is judged as its IPv4 address', () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), fc.boolean(), (v4, allowPrivate, plainHttp) => {
        expect(addressProblem(`::ffff:${v4}`, allowPrivate, plainHttp)).toBe(addressProblem(v4, allowPrivate, plainHttp));
      }),
    );
  });

  it('a 6to4 address (2002::/16) is public exactly when the IPv4 address in it is', () => {
    fc.assert(
      fc.property(ipv4, fc.bigInt({ min: 0n, max: (1n << 80n) - 1n }), fc.boolean(), (v4, rest, allowPrivate) => {
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const prefix = `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::/48`;
        const address = inRange(prefix, rest);
        expect(addressProblem(address, allowPrivate) === null).toBe(addressProblem(v4, false) === null);
      }),
    );
  });

  it('an address of the global unicast space outside the special ranges is public: https yes, http never', () => {
    const special = ['2001::/23', '2001:db8::/32', '2002::/16', '2620:4f:8000::/48', '3fff::/20', '2001:4:112::/48'];
    fc.assert(
      fc.property(bits128, fc.boolean(), (bits, allowPrivate) => {
        const address = inRange('2000::/3', bits);
        fc.pre(!special.some((cidr) => inRange(cidr, bits) === address));
        expect(addressProblem(address, allowPrivate)).toBeNull();
        expect(addressProblem(address, allowPrivate, true)).toMatch(/public address: http only towards private and loopback/);
      }),
    );
  });
});

describe('webhook URLs', () => {
  it('https, http only with private networks, no credentials, IP literals checked', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', false)).toBeNull();
    expect(checkWebhookUrl('http://hooks.example.com/x', false)).toMatch(/https/);
    expect(checkWebhookUrl('http://hooks.example.com/x', true)).toBeNull();
    expect(checkWebhookUrl('ftp://hooks.example.com/x', true)).toMatch(/https or http/);
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/x', false)).toMatch(/user name or password/);
    expect(checkWebhookUrl('not a url', false)).toMatch(/valid/);
    expect(checkWebhookUrl('https://127.0.0.1/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('https://[::1]/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('https://169.254.169.254/latest', true)).toMatch(/metadata/);
    expect(checkWebhookUrl('https://localhost/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', true)).toBeNull();
  });

  it('refuses IPv4-compatible literals and localhost names with a final dot', () => {
    expect(checkWebhookUrl('https://[::127.0.0.1]/', false)).toBe('::7f00:1 is an ipv4Compatible address');
    expect(checkWebhookUrl('https://[::127.0.0.1]/', true)).toBe('::7f00:1 is an ipv4Compatible address');
    expect(checkWebhookUrl('https://localhost./', false)).toBe('localhost. is a loopback address');
    expect(checkWebhookUrl('https://LOCALHOST../', false)).toBe('localhost.. is a loopback address');
    expect(checkWebhookUrl('https://hooks.localhost/', false)).toBe('hooks.localhost is a loopback address');
    expect(checkWebhookUrl('https://hooks.localhost./', false)).toBe('hooks.localhost. is a loopback address');
    expect(checkWebhookUrl('https://localhost.example.com/', false)).toBeNull();
    expect(checkWebhookUrl('https://./', false)).toBe('the URL must name a host');
  });

  it('with private networks allowed, http only towards private and loopback addresses', () => {
    expect(checkWebhookUrl('http://93.184.216.34/hook', true)).toBe(
      '93.184.216.34 is a public address: http only towards private and loopback addresses, use https',
    );
    expect(checkWebhookUrl('http://[2606:4700:4700::1111]/hook', true)).toMatch(/public address: http only/);
    expect(checkWebhookUrl('https://93.184.216.34/hook', true)).toBeNull();
    for (const url of ['http://10.0.0.7/hook', 'http://[fd12::1]/hook', 'http://localhost:3000/hook', 'http://localhost./hook', 'http://receiver/hook'])
      expect(checkWebhookUrl(url, true), url).toBeNull();
  });
});

describe('at connection time', () => {
  const fakeResolver =
    (addresses: LookupAddress[]) => (_host: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses);
  const lookUp = (addresses: LookupAddress[], allowPrivate: boolean, all: boolean, plainHttp = false) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      safeLookup(allowPrivate, plainHttp, fakeResolver(addresses) as never)('hooks.example.com', { all }, (error, result) => resolve({ error, result })),
    );

  it('answers only addresses that may be called', async () => {
    const inside = await lookUp([{ address: '10.0.0.5', family: 4 }], false, true);
    expect(inside.error?.message).toMatch(/refused target: 10\.0\.0\.5 is a private address/);
    const mixed = await lookUp(
      [
        { address: '169.254.169.254', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ],
      false,
      true,
    );
    expect(mixed).toEqual({ error: null, result: [{ address: '93.184.216.34', family: 4 }] });
    expect((await lookUp([{ address: '93.184.216.34', family: 4 }], false, false)).result).toBe('93.184.216.34');
  });

  it('refuses a name resolving to a special-purpose IPv6 address', async () => {
    for (const address of ['::7f00:1', '64:ff9b::a00:1', '2001::1', '2002:7f00:1::', '100::1']) {
      const { error } = await lookUp([{ address, family: 6 }], true, true);
      expect(error?.message, address).toMatch(/^refused target: /);
    }
  });

  it('over plain http, answers only private and loopback addresses', async () => {
    const outside = await lookUp([{ address: '93.184.216.34', family: 4 }], true, false, true);
    expect(outside.error?.message).toBe('refused target: 93.184.216.34 is a public address: http only towards private and loopback addresses, use https');
    const both = await lookUp(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      true,
      true,
      true,
    );
    expect(both).toEqual({ error: null, result: [{ address: '10.0.0.5', family: 4 }] });
    expect((await lookUp([{ address: '93.184.216.34', family: 4 }], true, false)).result).toBe('93.184.216.34');
  });

  it('a real connection to a name that resolves to a loopback address is refused', async () => {
    const error = await new Promise<Error>((resolve) => {
      const request = https.request('https://localhost:1/', { agent: new https.Agent({ lookup: safeLookup(false) }) });
      request.on('error', resolve);
      request.end();
    });
    expect(error.message).toMatch(/refused target: (127\.0\.0\.1|::1) is a loopback address/);
  });
});
