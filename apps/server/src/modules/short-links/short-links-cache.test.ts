import { describe, expect, it } from 'vitest';
import type { LinkByCode } from './short-links.queries';
import { ShortLinkCache } from './short-links-cache';
import { fastPathCode } from './short-links-fast-path';

/** The fast path's cache and its choice of requests, without a server (short-links-fast-path.test.ts has one). */

const link = (target: string, disabled = false): LinkByCode => ({ id: `id-${target}`, target, disabled });

/** A lookup over a table the test edits, counting its reads; `gate` holds reads until released. */
function table(rows: Record<string, LinkByCode>) {
  let reads = 0;
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  return {
    rows,
    get reads() {
      return reads;
    },
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release() {
      release?.();
      gate = null;
    },
    async lookup(code: string) {
      reads += 1;
      const seen = rows[code] ?? null;
      if (gate) await gate;
      return seen;
    },
  };
}

describe('the short-link cache', () => {
  it('keeps a link for its time to live, then reads it again; never keeps an unknown code', async () => {
    const db = table({ Abc1234: link('https://a.example/') });
    const cache = new ShortLinkCache((code) => db.lookup(code), 1_000, 10);
    expect(cache.peek('Abc1234')).toBeUndefined();
    expect(await cache.load('Abc1234')).toEqual(link('https://a.example/'));
    expect(cache.peek('Abc1234')).toEqual(link('https://a.example/'));
    expect(cache.peek('Abc1234', Date.now() + 1_001)).toBeUndefined();
    expect(await cache.load('Zzz9999')).toBeNull();
    expect(cache.peek('Zzz9999')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, dropping the oldest read first', async () => {
    const rows: Record<string, LinkByCode> = {};
    for (let i = 0; i < 5; i += 1) rows[`Code00${i}A`] = link(`https://${i}.example/`);
    const cache = new ShortLinkCache((code) => table(rows).lookup(code), 60_000, 3);
    for (const code of Object.keys(rows)) await cache.load(code);
    expect(cache.size).toBe(3);
    expect(cache.peek('Code000A')).toBeUndefined();
    expect(cache.peek('Code004A')?.target).toBe('https://4.example/');
  });

  it('reads a code once for every request waiting on it, and forgets a read an edit overtook', async () => {
    const db = table({ Abc1234: link('https://old.example/') });
    const cache = new ShortLinkCache((code) => db.lookup(code), 60_000, 10);
    db.hold();
    const first = cache.load('Abc1234');
    const second = cache.load('Abc1234');
    expect(db.reads).toBe(1);
    // The edit lands (and forgets the code) while the read of the old row is still under way.
    db.rows.Abc1234 = link('https://new.example/');
    cache.forget('Abc1234');
    db.release();
    expect((await first)?.target).toBe('https://old.example/');
    expect(await second).toEqual(await first);
    expect(cache.peek('Abc1234')).toBeUndefined();
    expect((await cache.load('Abc1234'))?.target).toBe('https://new.example/');
    expect(cache.peek('Abc1234')?.target).toBe('https://new.example/');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = new ShortLinkCache(async () => {
      if (fail) throw new Error('database down');
      return link('https://back.example/');
    });
    await expect(cache.load('Abc1234')).rejects.toThrow('database down');
    fail = false;
    expect((await cache.load('Abc1234'))?.target).toBe('https://back.example/');
  });
});

describe('the requests the fast path takes', () => {
  it('takes GET and HEAD of a code, with a plain query; leaves everything else to Fastify', () => {
    expect(fastPathCode('GET', '/Abc1234')).toBe('Abc1234');
    expect(fastPathCode('HEAD', '/Abc1234')).toBe('Abc1234');
    expect(fastPathCode('GET', '/Abc1234?utm_source=x&fbclid=IwAR0_a-b')).toBe('Abc1234');
    expect(fastPathCode('GET', '/my-launch_2026')).toBe('my-launch_2026');
    for (const [method, url] of [
      ['POST', '/Abc1234'],
      ['OPTIONS', '/Abc1234'],
      ['GET', '/pricing'],
      ['GET', '/links'],
      ['GET', '/api'],
      ['GET', '/abc'],
      ['GET', `/${'a'.repeat(51)}`],
      ['GET', '/Abc%31234'],
      ['GET', '/Abc1234/'],
      ['GET', '//Abc1234'],
      ['GET', '/Abc1234;x'],
      ['GET', '/Abc1234#x'],
      ['GET', '/Abc1234?a=%00'],
      ['GET', '/Abc1234?a=%0'],
      ['GET', '/Abc1234?q=é'],
      ['GET', '/Abc1234?q= x'],
      ['GET', 'http://host/Abc1234'],
      ['GET', ''],
      [undefined, '/Abc1234'],
    ] as const) {
      const taken = fastPathCode(method, url);
      // `?a=%0` is a plain query (Fastify reads it as is): taken; the others are not.
      expect(taken, `${method} ${url}`).toBe(url === '/Abc1234?a=%0' ? 'Abc1234' : null);
    }
  });
});
