import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  addressPolicy,
  checkUrlHost,
  isPrivateAddress,
  PrivateAddressError,
  type Resolver,
  UnresolvableHostError,
} from './address-policy';

const noDns: Resolver = async (hostname) => {
  throw Object.assign(new Error(`no DNS in this test (${hostname})`), { code: 'ENOTFOUND' });
};
const strict = { allowPrivate: false, resolve: noDns };

async function refusedAddress(raw: string): Promise<string> {
  const error = await checkUrlHost(new URL(raw), strict).then(
    () => new Error(`${raw} was allowed`),
    (caught: unknown) => caught,
  );
  if (!(error instanceof PrivateAddressError)) throw error;
  return error.address;
}

describe('isPrivateAddress', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, any of 127/8', '127.8.8.8'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, last address', '172.31.255.255'],
    ['private 192.168/16', '192.168.0.1'],
    ['link-local', '169.254.1.1'],
    ['cloud metadata', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['CGNAT, last address', '100.127.255.254'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['documentation', '192.0.2.10'],
    ['documentation', '198.51.100.7'],
    ['documentation', '203.0.113.9'],
    ['benchmarking', '198.18.0.1'],
    ['multicast', '224.0.0.1'],
    ['multicast', '239.255.255.250'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 unique local', 'fc00::1'],
    ['IPv6 unique local', 'fd12:3456::1'],
    ['AWS IPv6 metadata', 'fd00:ec2::254'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 site-local', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['NAT64', '64:ff9b::7f00:1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private, hex', '::ffff:a00:1'],
    ['IPv4-mapped metadata, hex', '::ffff:a9fe:a9fe'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['6to4 of a private address', '2002:a00:1::1'],
    ['bracketed IPv6 loopback', '[::1]'],
    ['not an address at all', 'localhost'],
  ])('refuses %s (%s)', (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:5db8:d822',
    '2002:5db8:d822::1',
  ])('allows the public address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkUrlHost', () => {
  it('sees through the decimal, hex and octal IPv4 forms WHATWG URL normalizes', async () => {
    expect(new URL('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0177.0.0.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0xa9fea9fe/').hostname).toBe('169.254.169.254');
    expect(await refusedAddress('http://2130706433/')).toBe('127.0.0.1');
    expect(await refusedAddress('http://0x7f.1/')).toBe('127.0.0.1');
    expect(await refusedAddress('https://0177.0.0.1/')).toBe('127.0.0.1');
    expect(await refusedAddress('http://0xa9fea9fe/latest/meta-data')).toBe('169.254.169.254');
  });

  it('reads the same forms in rtmp:// URLs, whose host WHATWG URL leaves as written', async () => {
    expect(new URL('rtmp://2130706433/app').hostname).toBe('2130706433');
    expect(await refusedAddress('rtmp://2130706433/app')).toBe('127.0.0.1');
    expect(await refusedAddress('rtmp://0x7f.1:1935/app')).toBe('127.0.0.1');
    expect(await refusedAddress('rtmps://0251.0376.0251.0376/app')).toBe('169.254.169.254');
    expect(await refusedAddress('rtmp://[::1]/app')).toBe('::1');
  });

  it('refuses IPv4-mapped and IPv6 literals in URLs', async () => {
    expect(await refusedAddress('http://[::ffff:127.0.0.1]:8080/')).toBe('::ffff:7f00:1');
    expect(await refusedAddress('http://[::ffff:169.254.169.254]/')).toBe('::ffff:a9fe:a9fe');
    expect(await refusedAddress('http://[fd00:ec2::254]/')).toBe('fd00:ec2::254');
    expect(await refusedAddress('http://[::ffff:0:127.0.0.1]/')).toBe('::ffff:0:7f00:1');
    expect(await refusedAddress('rtmp://[::ffff:0:127.0.0.1]/app')).toBe('::ffff:0:7f00:1');
    expect(await refusedAddress('https://[2001:2::1]/')).toBe('2001:2::1');
    expect(await refusedAddress('rtmps://[3fff::1]/app')).toBe('3fff::1');
  });

  it('refuses a name when any of its addresses is private, and says which one', async () => {
    const policy = {
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 as const },
        { address: '10.1.2.3', family: 4 as const },
      ],
    };
    const error = await checkUrlHost(new URL('https://mixed.example/'), policy).catch((caught) => caught);
    expect(error).toBeInstanceOf(PrivateAddressError);
    expect(error.message).toBe(ADDRESS_MESSAGES.privateAddress('10.1.2.3'));
  });

  it('returns the first address of a public name, which is the one to connect to', async () => {
    const policy = {
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 as const },
        { address: '2606:2800:220:1::1', family: 6 as const },
      ],
    };
    expect(await checkUrlHost(new URL('https://example.test/'), policy)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('reports a name that does not resolve, with its DNS code', async () => {
    const error = await checkUrlHost(new URL('https://nowhere.test/'), strict).catch((caught) => caught);
    expect(error).toBeInstanceOf(UnresolvableHostError);
    expect(error.code).toBe('ENOTFOUND');
    expect(error.message).toBe(ADDRESS_MESSAGES.notFound('nowhere.test'));
  });

  it('lets every address through when the administrator allows private addresses', async () => {
    expect(await checkUrlHost(new URL('rtmp://127.0.0.1:1935/x'), addressPolicy(true))).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(addressPolicy(true)).toBe(addressPolicy(true));
    expect(addressPolicy(false).allowPrivate).toBe(false);
  });
});
