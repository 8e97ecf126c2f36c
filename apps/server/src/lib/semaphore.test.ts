import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('lets `limit` callers in, queues the rest in order and counts them', async () => {
    const slots = new Semaphore(2);
    await slots.acquire();
    await slots.acquire();
    const order: string[] = [];
    const third = slots.acquire().then(() => order.push('third'));
    const fourth = slots.acquire().then(() => order.push('fourth'));
    expect(slots.queued).toBe(2);
    expect(slots.free).toBe(0);

    slots.release();
    await third;
    expect(order).toEqual(['third']);
    expect(slots.queued).toBe(1);
    slots.release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.queued).toBe(0);

    slots.release();
    slots.release();
    expect(slots.free).toBe(2);
  });
});
