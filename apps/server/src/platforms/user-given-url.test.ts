import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { describe, expect, it } from 'vitest';
import { type AddressPolicy, addressPolicy, type Resolver } from '../lib/address-policy';
import { platformFailure } from './testing/connector-kit';
import { checkUserGivenUrl } from './user-given-url';

const answering =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const strictWith = (resolve: Resolver): AddressPolicy => ({ allowPrivate: false, resolve });
const publicHost = strictWith(answering('93.184.216.34'));

describe('checkUserGivenUrl', () => {
  it('normalizes what the user typed to an https origin', async () => {
    expect(await checkUserGivenUrl('  mastodon.example ', publicHost)).toBe('https://mastodon.example');
    expect(await checkUserGivenUrl('https://Mastodon.Example/@me?x=1', publicHost)).toBe(
      'https://mastodon.example',
    );
  });

  it('refuses private, loopback and mixed answers, http, credentials and nonsense', async () => {
    const cases: [string, AddressPolicy, string][] = [
      ['https://10.1.2.3', publicHost, ADDRESS_MESSAGES.privateAddress('10.1.2.3')],
      ['https://[::1]', publicHost, ADDRESS_MESSAGES.privateAddress('::1')],
      ['https://2130706433', publicHost, ADDRESS_MESSAGES.privateAddress('127.0.0.1')],
      [
        'https://rebind.example',
        strictWith(answering('93.184.216.34', '127.0.0.1')),
        ADDRESS_MESSAGES.privateAddress('127.0.0.1'),
      ],
      ['http://mastodon.example', publicHost, 'The address must start with https://.'],
      ['https://me:pw@mastodon.example', publicHost, 'The address must not contain credentials.'],
      [
        'https://nowhere.example',
        strictWith(async () => Promise.reject(new Error('ENOTFOUND'))),
        'nowhere.example could not be found.',
      ],
      ['https://', publicHost, '“https://” is not a valid address.'],
      // IANA special-purpose ranges the attack run of decision 0060 got through, literal and by DNS
      ['https://[::ffff:0:127.0.0.1]', publicHost, ADDRESS_MESSAGES.privateAddress('::ffff:0:7f00:1')],
      ...['2001:2::1', '2001:10::1', '2001:20::1', '3fff::1', '5f00::1', '::ffff:0:7f00:1'].map(
        (address): [string, AddressPolicy, string] => [
          'https://special.example',
          strictWith(answering('93.184.216.34', address)),
          ADDRESS_MESSAGES.privateAddress(address),
        ],
      ),
    ];
    for (const [raw, policy, message] of cases) {
      const err = await platformFailure(checkUserGivenUrl(raw, policy));
      expect({ raw, kind: err.kind, message: err.message }).toEqual({ raw, kind: 'refuse', message });
    }
  });

  it('accepts http and loopback addresses when private addresses are allowed', async () => {
    expect(await checkUserGivenUrl('http://127.0.0.1:4100/', addressPolicy(true))).toBe(
      'http://127.0.0.1:4100',
    );
  });
});
