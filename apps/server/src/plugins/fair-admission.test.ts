import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createAdmissionQueue, FAIR_ADMISSION_PLUGIN, fairAdmissionPlugin } from './fair-admission';

/** A scheduler the test turns by hand: each `turn()` runs what was scheduled before it. */
function manualSchedule() {
  let pending: Array<() => void> = [];
  return {
    schedule: (next: () => void) => {
      pending.push(next);
    },
    turn() {
      const due = pending;
      pending = [];
      for (const next of due) next();
    },
    get scheduled() {
      return pending.length;
    },
  };
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('createAdmissionQueue', () => {
  it('admits one caller per turn, the oldest first, and schedules nothing once empty', async () => {
    const loop = manualSchedule();
    const queue = createAdmissionQueue(loop.schedule);
    const admitted: string[] = [];
    for (const name of ['a', 'b', 'c']) void queue.admit().then(() => admitted.push(name));
    expect(queue.waiting).toBe(3);
    expect(loop.scheduled).toBe(1);
    await settle();
    expect(admitted).toEqual([]);

    loop.turn();
    await settle();
    expect(admitted).toEqual(['a']);
    // A caller that comes in now waits behind the two already waiting.
    void queue.admit().then(() => admitted.push('d'));
    loop.turn();
    await settle();
    expect(admitted).toEqual(['a', 'b']);
    loop.turn();
    loop.turn();
    await settle();
    expect(admitted).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.waiting).toBe(0);
    expect(loop.scheduled).toBe(0);
  });

  it('starts a caller of an idle queue at its next turn, not later', async () => {
    const queue = createAdmissionQueue();
    const order: string[] = [];
    const admitted = queue.admit().then(() => order.push('admitted'));
    setImmediate(() => order.push('the next callback of the same phase'));
    await admitted;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['admitted', 'the next callback of the same phase']);
  });
});

describe('fairAdmissionPlugin', () => {
  const apps: Array<ReturnType<typeof Fastify>> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** An app whose handlers note on which turn of the event loop they started. */
  async function appWithTurns() {
    const app = Fastify();
    apps.push(app);
    await app.register(fairAdmissionPlugin);
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const starts: Array<{ id: string; turn: number }> = [];
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    app.get<{ Params: { id: string } }>('/work/:id', async (request) => {
      starts.push({ id: request.params.id, turn });
      return { id: request.params.id };
    });
    app.get('/slow', async () => {
      await slow;
      return { slow: true };
    });
    app.addHook('onClose', async () => {
      ticking = false;
    });
    return { app, starts, releaseSlow };
  }

  it('starts requests in the order they came, each on a later turn of the event loop', async () => {
    const { app, starts } = await appWithTurns();
    const ids = ['1', '2', '3', '4', '5'];
    const answers = await Promise.all(ids.map((id) => app.inject({ method: 'GET', url: `/work/${id}` })));
    expect(answers.map((answer) => answer.json().id)).toEqual(ids);
    expect(starts.map((start) => start.id)).toEqual(ids);
    for (let index = 1; index < starts.length; index += 1) {
      expect(starts[index]?.turn).toBeGreaterThan(starts[index - 1]?.turn ?? Number.POSITIVE_INFINITY);
    }
  });

  it('queues only the start: a request waiting on something does not hold up the next one', async () => {
    const { app, releaseSlow } = await appWithTurns();
    let slowDone = false;
    const slow = app.inject({ method: 'GET', url: '/slow' }).then((answer) => {
      slowDone = true;
      return answer;
    });
    const fast = await app.inject({ method: 'GET', url: '/work/after-slow' });
    expect(fast.statusCode).toBe(200);
    expect(slowDone).toBe(false);
    releaseSlow();
    expect((await slow).json()).toEqual({ slow: true });
  });
});

it('is part of the whole app', async () => {
  const { app, close } = await createTestApp();
  try {
    expect(app.hasPlugin(FAIR_ADMISSION_PLUGIN)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await close();
  }
  // The whole app built and closed: 16 s in a full run on a loaded 2-core machine.
}, 90_000);
