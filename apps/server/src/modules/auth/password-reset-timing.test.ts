import { and, like, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verifications } from '../../db/schema/index';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { createPasswordReset } from './password-reset';

/**
 * The mechanism that keeps a reset request for a known address as fast as one for an unknown address (timing
 * is measured by hand, see decision 0024): the e-mail is never awaited, and an unknown address writes the same
 * token row a known one does.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function recordingLog() {
  const errors: unknown[] = [];
  const log = { error: (object: unknown) => errors.push(object) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** A mailer whose sends stay pending until `release()`: proves nobody waits for them. */
function heldMailer() {
  const sent: OutgoingEmail[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    async send(message) {
      await gate;
      sent.push(message);
    },
  };
  return { mailer, sent, release };
}

async function resetTokenRows(): Promise<number> {
  const rows = await t.db
    .select()
    .from(verifications)
    .where(like(verifications.identifier, 'reset-password:%'));
  return rows.length;
}

describe('password reset timing', () => {
  it('does not wait for the e-mail: the reset link is queued and sent in the background', async () => {
    const { mailer, sent, release } = heldMailer();
    const { log } = recordingLog();
    const reset = createPasswordReset({ db: t.db, mailer, log });
    await reset.sendResetPassword({ user: { email: 'a@example.com', name: 'A' }, url: 'http://x/reset' });
    expect(sent).toHaveLength(0);
    release();
    await reset.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'a@example.com', subject: 'Reset your Relaycast password' });
    expect(sent[0]?.text).toContain('http://x/reset');
  });

  it('logs a failed e-mail instead of failing the request', async () => {
    const { log, errors } = recordingLog();
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const reset = createPasswordReset({ db: t.db, mailer: failing, log });
    await expect(
      reset.sendResetPassword({ user: { email: 'b@example.com', name: 'B' }, url: 'http://x/reset' }),
    ).resolves.toBeUndefined();
    await reset.drain();
    expect(errors).toHaveLength(1);
  });

  it('leaves no token behind for an unknown address once the clean-up ran', async () => {
    const { mailer } = heldMailer();
    const { log, errors } = recordingLog();
    const reset = createPasswordReset({ db: t.db, mailer, log });
    const before = await resetTokenRows();
    await reset.matchKnownAddressWork(uniqueEmail('nobody'));
    await reset.drain();
    expect(await resetTokenRows()).toBe(before);
    const expired = await t.db
      .select()
      .from(verifications)
      .where(
        and(like(verifications.identifier, 'reset-password:%'), lt(verifications.expiresAt, new Date())),
      );
    expect(expired).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('writes nothing extra for a known address (Better Auth writes its own token)', async () => {
    const email = uniqueEmail('someone');
    await signUp(t.app, { name: 'Someone', email, password: 'secret-password' });
    const { mailer } = heldMailer();
    const reset = createPasswordReset({ db: t.db, mailer, log: recordingLog().log });
    const before = await resetTokenRows();
    await reset.matchKnownAddressWork(email.toUpperCase());
    expect(await resetTokenRows()).toBe(before);
  });

  it('makes one reset-token insert per request whether or not the address has an account', async () => {
    // A trigger records every insert into verifications (the decoy is deleted right after the answer).
    await t.db.execute(sql`create table if not exists reset_inserts (identifier text not null)`);
    await t.db.execute(sql`
      create or replace function record_reset_insert() returns trigger language plpgsql as $$
      begin insert into reset_inserts values (new.identifier); return new; end $$`);
    await t.db.execute(sql`
      create trigger record_reset_insert after insert on verifications
      for each row execute function record_reset_insert()`);
    const known = uniqueEmail('known');
    await signUp(t.app, { name: 'Known', email: known, password: 'secret-password' });
    const insertsFor = async (email: string) => {
      await t.db.execute(sql`delete from reset_inserts`);
      const res = await postJson(t.app, '/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(res.statusCode).toBe(200);
      const result = await t.db.execute(sql`select identifier from reset_inserts`);
      return (result as unknown as { rows: { identifier: string }[] }).rows.map((row) => row.identifier);
    };
    const knownInserts = await insertsFor(known);
    const unknownInserts = await insertsFor(uniqueEmail('unknown'));
    expect(knownInserts).toHaveLength(1);
    expect(unknownInserts).toHaveLength(1);
    // Same shape: Better Auth's prefix and a token of the same length.
    expect(unknownInserts[0]?.length).toBe(knownInserts[0]?.length);
    expect(unknownInserts[0]?.startsWith('reset-password:')).toBe(true);
    await t.db.execute(sql`drop trigger record_reset_insert on verifications`);
  });
});
