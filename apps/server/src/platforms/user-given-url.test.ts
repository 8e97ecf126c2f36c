import { describe, expect, it } from 'vitest';
import { platformFailure } from './testing/connector-kit';
import { checkUserGivenUrl } from './user-given-url';

const publicHost = async () => ['93.184.216.34'];

describe('checkUserGivenUrl', () => {
  it('normalizes what the user typed to an https origin', async () => {
    expect(await checkUserGivenUrl('  mastodon.example ', false, publicHost)).toBe(
      'https://mastodon.example',
    );
    expect(await checkUserGivenUrl('https://Mastodon.Example/@me?x=1', false, publicHost)).toBe(
      'https://mastodon.example',
    );
  });

  it('refuses private, loopback and mixed answers, http, credentials and nonsense', async () => {
    const cases: [string, (host: string) => Promise<string[]>, string][] = [
      ['https://10.1.2.3', publicHost, '10.1.2.3 is a private address; use a public server.'],
      ['https://[::1]', publicHost, '[::1] is a private address; use a public server.'],
      [
        'https://rebind.example',
        async () => ['93.184.216.34', '127.0.0.1'],
        'rebind.example is a private address; use a public server.',
      ],
      ['http://mastodon.example', publicHost, 'The address must start with https://.'],
      ['https://me:pw@mastodon.example', publicHost, 'The address must not contain credentials.'],
      [
        'https://nowhere.example',
        async () => Promise.reject(new Error('ENOTFOUND')),
        'nowhere.example could not be found.',
      ],
      ['https://', publicHost, '“https://” is not a valid address.'],
    ];
    for (const [raw, resolve, message] of cases) {
      const err = await platformFailure(checkUserGivenUrl(raw, false, resolve));
      expect({ raw, kind: err.kind, message: err.message }).toEqual({ raw, kind: 'refuse', message });
    }
  });

  it('accepts http and loopback addresses when private addresses are allowed', async () => {
    expect(await checkUserGivenUrl('http://127.0.0.1:4100/', true)).toBe('http://127.0.0.1:4100');
  });
});
