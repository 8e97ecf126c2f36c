import { describe, expect, it } from 'vitest';
import { formatFileCount } from './format';

describe('formatFileCount', () => {
  it('says file or files', () => {
    expect(formatFileCount(1)).toBe('1 file');
    expect(formatFileCount(3)).toBe('3 files');
  });
});
