import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which IP addresses are not public unicast addresses (decisions 0014 and 0060): every entry of IANA's IPv4 and
 * IPv6 Special-Purpose Address Registries (as of 2025), plus what lies outside unicast (IPv4 multicast, and IPv6
 * outside 2000::/3, the only block IANA allocates as global unicast). Entries are written out with their RFCs
 * so the list can be compared with the registries line by line; an entry nested in a larger one (0.0.0.0/32 in
 * 0.0.0.0/8, Teredo in 2001::/23) is listed anyway, as the registry does.
 */

type Entry = readonly [cidr: string, name: string, reference: string];

export const IPV4_SPECIAL_PURPOSE: readonly Entry[] = [
  ['0.0.0.0/8', '"This network"', 'RFC 791'],
  ['0.0.0.0/32', '"This host on this network"', 'RFC 1122'],
  ['10.0.0.0/8', 'Private-Use', 'RFC 1918'],
  ['100.64.0.0/10', 'Shared Address Space (CGNAT)', 'RFC 6598'],
  ['127.0.0.0/8', 'Loopback', 'RFC 1122'],
  ['169.254.0.0/16', 'Link Local (cloud metadata 169.254.169.254)', 'RFC 3927'],
  ['172.16.0.0/12', 'Private-Use', 'RFC 1918'],
  ['192.0.0.0/24', 'IETF Protocol Assignments', 'RFC 6890'],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', 'RFC 7335'],
  ['192.0.0.8/32', 'IPv4 dummy address', 'RFC 7600'],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', 'RFC 7723'],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', 'RFC 8155'],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', 'RFC 8880, RFC 7050'],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', 'RFC 8880, RFC 7050'],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', 'RFC 5737'],
  ['192.31.196.0/24', 'AS112-v4', 'RFC 7535'],
  ['192.52.193.0/24', 'AMT', 'RFC 7450'],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', 'RFC 7526'],
  ['192.88.99.2/32', '6a44-relay anycast address', 'RFC 6751'],
  ['192.168.0.0/16', 'Private-Use', 'RFC 1918'],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', 'RFC 7534'],
  ['198.18.0.0/15', 'Benchmarking', 'RFC 2544'],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', 'RFC 5737'],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', 'RFC 5737'],
  ['240.0.0.0/4', 'Reserved', 'RFC 1112'],
  ['255.255.255.255/32', 'Limited Broadcast', 'RFC 8190, RFC 919'],
];

/** Not in the special-purpose registry, but not unicast either (IANA IPv4 Multicast Address Space). */
const IPV4_NOT_UNICAST: readonly Entry[] = [['224.0.0.0/4', 'Multicast', 'RFC 5771']];

/**
 * The registry's IPv6 entries that are refused whatever follows the prefix. Most lie outside 2000::/3 and are
 * refused by that rule too; they are listed so the list is the registry.
 */
export const IPV6_SPECIAL_PURPOSE: readonly Entry[] = [
  ['::1/128', 'Loopback Address', 'RFC 4291'],
  ['::/128', 'Unspecified Address', 'RFC 4291'],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translation (local use)', 'RFC 8215'],
  ['100::/64', 'Discard-Only Address Block', 'RFC 6666'],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix', 'RFC 9780'],
  ['2001::/23', 'IETF Protocol Assignments', 'RFC 2928'],
  ['2001::/32', 'TEREDO (carries an obfuscated IPv4 address: refused whole)', 'RFC 4380, RFC 8190'],
  ['2001:1::1/128', 'Port Control Protocol Anycast', 'RFC 7723'],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', 'RFC 8155'],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast', 'RFC 9665'],
  ['2001:2::/48', 'Benchmarking', 'RFC 5180, RFC Errata 1752'],
  ['2001:3::/32', 'AMT', 'RFC 7450'],
  ['2001:4:112::/48', 'AS112-v6', 'RFC 7535'],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', 'RFC 4843'],
  ['2001:20::/28', 'ORCHIDv2', 'RFC 7343'],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', 'RFC 9374'],
  ['2001:db8::/32', 'Documentation', 'RFC 3849'],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', 'RFC 7534'],
  ['3fff::/20', 'Documentation', 'RFC 9637'],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', 'RFC 9602'],
  ['fc00::/7', 'Unique-Local (AWS metadata fd00:ec2::254)', 'RFC 4193, RFC 8190'],
  ['fe80::/10', 'Link-Local Unicast', 'RFC 4291'],
];

/** Outside the registry and outside unicast, or deprecated forms; also outside 2000::/3. */
const IPV6_NOT_GLOBAL_UNICAST: readonly Entry[] = [
  ['::/96', 'IPv4-compatible (deprecated)', 'RFC 4291 §2.5.5.1'],
  ['::ffff:0:0:0/96', 'IPv4-translated (SIIT)', 'RFC 2765, RFC 6145'],
  ['fec0::/10', 'Site-local (deprecated)', 'RFC 3879'],
  ['ff00::/8', 'Multicast', 'RFC 4291'],
];

/**
 * The registry's IPv6 entries that carry an IPv4 address in their last 32 bits and reach it: they are judged by
 * that IPv4 address. A DNS64 resolver on an IPv6-only host answers 64:ff9b::/96 for every IPv4-only name, so
 * refusing the prefix whole would cut such a host off from half the web; RFC 6052 §3.1 forbids the well-known
 * prefix for non-global IPv4 addresses, which the IPv4 check refuses anyway. 6to4 carries its IPv4 in bits 16–47.
 */
const IPV6_CARRYING_IPV4: readonly (readonly [...Entry, (value: bigint) => bigint])[] = [
  ['::ffff:0:0/96', 'IPv4-mapped Address', 'RFC 4291', (value) => value & 0xffffffffn],
  ['64:ff9b::/96', 'IPv4-IPv6 Translation (well-known prefix)', 'RFC 6052', (value) => value & 0xffffffffn],
  ['2002::/16', '6to4', 'RFC 3056', (value) => (value >> 80n) & 0xffffffffn],
];

function blockListOf(entries: readonly Entry[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [cidr] of entries) {
    const [network = '', prefix = ''] = cidr.split('/');
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

const BLOCKED_IPV4 = blockListOf([...IPV4_SPECIAL_PURPOSE, ...IPV4_NOT_UNICAST], 'ipv4');
const BLOCKED_IPV6 = blockListOf([...IPV6_SPECIAL_PURPOSE, ...IPV6_NOT_GLOBAL_UNICAST], 'ipv6');

/** An IPv6 address (any textual form Node accepts, IPv4 tail included) as its 128-bit value. */
export function parseIPv6(address: string): bigint | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function dottedOf(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => Number((value >> shift) & 255n)).join('.');
}

function inPrefix(value: bigint, cidr: string): boolean {
  const [network = '', prefix = '0'] = cidr.split('/');
  const shift = 128n - BigInt(prefix);
  return value >> shift === (parseIPv6(network) ?? -1n) >> shift;
}

/** True for every address that is not a public unicast address, and for anything that is not an address. */
export function isSpecialPurposeAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return BLOCKED_IPV4.check(bare, 'ipv4');
  const value = parseIPv6(bare);
  if (value === null) return true;
  const carrying = IPV6_CARRYING_IPV4.find(([cidr]) => inPrefix(value, cidr));
  if (carrying) return BLOCKED_IPV4.check(dottedOf(carrying[3](value)), 'ipv4');
  if (value >> 125n !== 1n) return true; // outside 2000::/3, the global unicast space
  return BLOCKED_IPV6.check(bare, 'ipv6');
}
