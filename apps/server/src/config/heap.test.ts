import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './heap';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('limitHeapGrowth', () => {
  it('sets V8 to grow the heap by half of what a full collection found alive', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    expect(limitHeapGrowth([])).toBe(true);
    expect(set).toHaveBeenCalledWith('--heap-growing-percent=50');
    expect(HEAP_GROWING_PERCENT).toBe(50);
  });

  it("keeps an operator's own setting from the command line, in either spelling", () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    expect(limitHeapGrowth(['--enable-source-maps', '--heap-growing-percent=200'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent=10'])).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });
});
