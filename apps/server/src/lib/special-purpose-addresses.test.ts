import { describe, expect, it } from 'vitest';
import { isSpecialPurposeAddress, parseIPv6 } from './special-purpose-addresses';

/**
 * Each entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries, copied here independently of the
 * code's list: its first and last addresses are refused, and a global address next to it is allowed (null where
 * nothing next to it is global unicast: IPv6 outside 2000::/3).
 */
const IPV4_REGISTRY: [cidr: string, neighbour: string][] = [
  ['0.0.0.0/8', '1.0.0.0'],
  ['0.0.0.0/32', '1.0.0.0'],
  ['10.0.0.0/8', '11.0.0.0'],
  ['100.64.0.0/10', '100.128.0.0'],
  ['127.0.0.0/8', '128.0.0.0'],
  ['169.254.0.0/16', '169.255.0.0'],
  ['172.16.0.0/12', '172.32.0.0'],
  ['192.0.0.0/24', '192.0.1.0'],
  ['192.0.0.0/29', '192.0.1.0'],
  ['192.0.0.8/32', '192.0.1.0'],
  ['192.0.0.9/32', '192.0.1.0'],
  ['192.0.0.10/32', '192.0.1.0'],
  ['192.0.0.170/32', '192.0.1.0'],
  ['192.0.0.171/32', '192.0.1.0'],
  ['192.0.2.0/24', '192.0.3.0'],
  ['192.31.196.0/24', '192.31.197.0'],
  ['192.52.193.0/24', '192.52.194.0'],
  ['192.88.99.0/24', '192.88.100.0'],
  ['192.88.99.2/32', '192.88.98.255'],
  ['192.168.0.0/16', '192.169.0.0'],
  ['192.175.48.0/24', '192.175.49.0'],
  ['198.18.0.0/15', '198.20.0.0'],
  ['198.51.100.0/24', '198.51.101.0'],
  ['203.0.113.0/24', '203.0.114.0'],
  ['240.0.0.0/4', '223.255.255.255'],
  ['255.255.255.255/32', '223.255.255.255'],
  ['224.0.0.0/4', '223.255.255.255'], // multicast: not in the registry, not unicast either
];

const IPV6_REGISTRY: [cidr: string, neighbour: string | null][] = [
  ['::1/128', null],
  ['::/128', null],
  ['::ffff:0:0/96', null],
  ['64:ff9b::/96', null],
  ['64:ff9b:1::/48', null],
  ['100::/64', null],
  ['100:0:0:1::/64', null],
  ['2001::/23', '2001:200::'],
  ['2001::/32', '2001:200::'],
  ['2001:1::1/128', '2001:200::'],
  ['2001:1::2/128', '2001:200::'],
  ['2001:1::3/128', '2001:200::'],
  ['2001:2::/48', '2001:200::'],
  ['2001:3::/32', '2001:200::'],
  ['2001:4:112::/48', '2001:200::'],
  ['2001:10::/28', '2001:200::'],
  ['2001:20::/28', '2001:200::'],
  ['2001:30::/28', '2001:200::'],
  ['2001:db8::/32', '2001:db9::'],
  ['2002::/16', '2003::'],
  ['2620:4f:8000::/48', '2620:4f:8001::'],
  ['3fff::/20', '3fff:1000::'],
  ['5f00::/16', null],
  ['fc00::/7', null],
  ['fe80::/10', null],
  ['ff00::/8', null], // multicast
  ['fec0::/10', null], // site-local, deprecated
  ['::ffff:0:0:0/96', null], // IPv4-translated
  ['::/96', null], // IPv4-compatible, deprecated
];

function ipv4Range(cidr: string): [string, string] {
  const [network = '', prefix = ''] = cidr.split('/');
  const value = network.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  const size = 2 ** (32 - Number(prefix));
  const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
  return [dotted(value), dotted(value + size - 1)];
}

function ipv6Range(cidr: string): [string, string] {
  const [network = '', prefix = ''] = cidr.split('/');
  const value = parseIPv6(network) ?? 0n;
  const hostBits = (1n << BigInt(128 - Number(prefix))) - 1n;
  const text = (n: bigint) =>
    Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
  return [text(value), text(value | hostBits)];
}

describe('parseIPv6', () => {
  it('reads compressed, full and IPv4-tailed forms, and nothing else', () => {
    expect(parseIPv6('::')).toBe(0n);
    expect(parseIPv6('::1')).toBe(1n);
    expect(parseIPv6('2001:db8::1')).toBe(0x20010db8000000000000000000000001n);
    expect(parseIPv6('0:0:0:0:0:FFFF:7f00:1')).toBe(0xffff7f000001n);
    expect(parseIPv6('::ffff:0:127.0.0.1')).toBe(0xffff00007f000001n);
    expect(parseIPv6('fe80::1%eth0')).toBeNull();
    expect(parseIPv6('127.0.0.1')).toBeNull();
  });
});

describe('isSpecialPurposeAddress against the IPv4 registry', () => {
  it.each(IPV4_REGISTRY)('%s: first and last refused, %s allowed', (cidr, neighbour) => {
    const [first, last] = ipv4Range(cidr);
    expect({ first, refused: isSpecialPurposeAddress(first) }).toEqual({ first, refused: true });
    expect({ last, refused: isSpecialPurposeAddress(last) }).toEqual({ last, refused: true });
    expect({ neighbour, refused: isSpecialPurposeAddress(neighbour) }).toEqual({ neighbour, refused: false });
  });
});

describe('isSpecialPurposeAddress against the IPv6 registry', () => {
  it.each(IPV6_REGISTRY)('%s: first and last refused, %s allowed', (cidr, neighbour) => {
    const [first, last] = ipv6Range(cidr);
    expect({ first, refused: isSpecialPurposeAddress(first) }).toEqual({ first, refused: true });
    expect({ last, refused: isSpecialPurposeAddress(last) }).toEqual({ last, refused: true });
    expect({ bracketed: isSpecialPurposeAddress(`[${first}]`) }).toEqual({ bracketed: true });
    if (neighbour !== null) {
      expect({ neighbour, refused: isSpecialPurposeAddress(neighbour) }).toEqual({
        neighbour,
        refused: false,
      });
    }
  });

  it('refuses everything outside 2000::/3, the only global unicast block', () => {
    for (const address of ['1fff:ffff::1', '4000::1', '6000::1', 'e000::1', 'fe00::1']) {
      expect({ address, refused: isSpecialPurposeAddress(address) }).toEqual({ address, refused: true });
    }
  });

  it('judges IPv4-mapped, NAT64 well-known-prefix and 6to4 addresses by the IPv4 address they carry', () => {
    for (const address of [
      '::ffff:93.184.216.34',
      '::ffff:5db8:d822',
      '64:ff9b::93.184.216.34',
      '2002:5db8:d822::1',
    ]) {
      expect({ address, refused: isSpecialPurposeAddress(address) }).toEqual({ address, refused: false });
    }
    for (const address of [
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::127.0.0.1',
      '2002:c0a8:101::1',
    ]) {
      expect({ address, refused: isSpecialPurposeAddress(address) }).toEqual({ address, refused: true });
    }
  });

  it('refuses the IPv4-translated form of loopback the attack run used, and zone-scoped addresses', () => {
    expect(isSpecialPurposeAddress('::ffff:0:127.0.0.1')).toBe(true);
    expect(isSpecialPurposeAddress('[::ffff:0:7f00:1]')).toBe(true);
    expect(isSpecialPurposeAddress('::ffff:0:5db8:d822')).toBe(true);
    expect(isSpecialPurposeAddress('2606:4700:4700::1111%eth0')).toBe(true);
    expect(isSpecialPurposeAddress('2606:4700:4700::1111')).toBe(false);
  });
});
