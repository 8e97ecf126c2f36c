import { CLIP_HIGHLIGHT_MESSAGES, type ClipAnalysis } from '@relaycast/shared/clips';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createAnalysisRunner } from './clips.service';

function pending() {
  let resolve: (value: ClipAnalysis) => void = () => {};
  const promise = new Promise<ClipAnalysis>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const RESULT = {
  mediaId: 'm',
  durationSeconds: 1,
  clipSeconds: 1,
  sceneChanges: [],
  clips: [],
  createdAt: '',
} satisfies ClipAnalysis;

describe('createAnalysisRunner', () => {
  it('shares a run per key, refuses one more than the limit with 429, and frees its place when done', async () => {
    const runner = createAnalysisRunner(2);
    const first = pending();
    const second = pending();
    let started = 0;
    const a = runner.run('w/a', () => {
      started++;
      return first.promise;
    });
    const again = runner.run('w/a', () => {
      started++;
      return first.promise;
    });
    expect(again).toBe(a);
    const b = runner.run('w/b', () => {
      started++;
      return second.promise;
    });
    expect(started).toBe(2);
    let refused: unknown;
    try {
      runner.run('w/c', () => Promise.resolve(RESULT));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).message).toBe(CLIP_HIGHLIGHT_MESSAGES.busy);

    first.resolve(RESULT);
    second.resolve(RESULT);
    await expect(a).resolves.toBe(RESULT);
    await expect(b).resolves.toBe(RESULT);
    await expect(runner.run('w/c', () => Promise.resolve(RESULT))).resolves.toBe(RESULT);
  });
});
