import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './job-queue';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the statement again when PostgreSQL chose it as a deadlock victim', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(
      async () => {
        calls += 1;
        if (calls < 3) throw deadlock();
        return 'done';
      },
      { pauseMs: 0 },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, with the deadlock', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(
        async () => {
          calls += 1;
          throw deadlock();
        },
        { attempts: 4, pauseMs: 0 },
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(4);
  });

  it('does not retry any other error', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(
        async () => {
          calls += 1;
          throw Object.assign(new Error('duplicate key'), { code: '23505' });
        },
        { pauseMs: 0 },
      ),
    ).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });
});
