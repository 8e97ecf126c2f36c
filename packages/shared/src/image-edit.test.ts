import { describe, expect, it } from 'vitest';
import { aspectPresetsFor, PLATFORM_ASPECTS } from './image-edit';
import { PLATFORM_IDS } from './platforms';

describe('the crop shapes of the picked platforms', () => {
  it('lists each platform’s shapes once, in the presets’ order, and every preset without a platform', () => {
    expect(aspectPresetsFor(['tiktok', 'instagram']).map((preset) => preset.id)).toEqual([
      '1:1',
      '4:5',
      '9:16',
    ]);
    expect(aspectPresetsFor(['linkedin', 'twitter']).map((preset) => preset.id)).toEqual([
      '1:1',
      '16:9',
      '1.91:1',
    ]);
    expect(aspectPresetsFor([])).toHaveLength(5);
    for (const platform of PLATFORM_IDS) expect(PLATFORM_ASPECTS[platform].length).toBeGreaterThan(0);
  });

  it('leaves out the shape the image already has', () => {
    const square = { width: 1024, height: 1024 };
    expect(aspectPresetsFor(['instagram'], square).map((preset) => preset.id)).toEqual(['4:5', '9:16']);
    expect(aspectPresetsFor(['tiktok'], { width: 1080, height: 1920 })).toEqual([]);
  });
});
