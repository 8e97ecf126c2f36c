import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Unique visitors without keeping who they are (docs/short-links.md, "Privacy"), as Plausible counts them: a
 * visitor is a hash of the day's random salt, the link, the IP address and the User-Agent. Every process reads
 * the same salt for a UTC day from the database (the first one to need it makes it); the salts of past days are
 * deleted, so a hash can no longer be recomputed from an address, nor two days' visitors linked.
 */

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function visitorHash(salt: string, linkId: string, ip: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${linkId}\n${ip}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The day's salt, made once for every process (the first insert wins). */
export async function saltOf(db: Db, day: string): Promise<string> {
  await db.execute(
    sql`insert into short_link_salts (day, salt) values (${day}, ${randomBytes(32).toString('base64url')})
        on conflict (day) do nothing`,
  );
  const result = (await db.execute(sql`select salt from short_link_salts where day = ${day}`)) as unknown as {
    rows: { salt: string }[];
  };
  const salt = result.rows[0]?.salt;
  if (!salt) throw new Error(`no short-link salt for ${day}`);
  return salt;
}

/** Deletes the salts of the days before `today`. */
export async function forgetPastSalts(db: Db, today: string): Promise<void> {
  await db.execute(sql`delete from short_link_salts where day < ${today}`);
}
