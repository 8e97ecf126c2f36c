import { describe, expect, it } from 'vitest';
import { cropCover, fitContain, layoutScene, pipBox } from './scene-layout';

const CANVAS = { width: 1280, height: 720 };

describe('fitContain', () => {
  it('letterboxes a 4:3 camera in a 16:9 canvas, centred', () => {
    expect(fitContain({ width: 640, height: 480 }, { x: 0, y: 0, width: 1280, height: 720 })).toEqual({
      x: 160,
      y: 0,
      width: 960,
      height: 720,
    });
  });

  it('pillarboxes a very wide screen and keeps the box offset', () => {
    expect(fitContain({ width: 3840, height: 1080 }, { x: 10, y: 20, width: 1280, height: 720 })).toEqual({
      x: 10,
      y: 20 + (720 - 360) / 2,
      width: 1280,
      height: 360,
    });
  });

  it('fills the box while the source has no size yet', () => {
    expect(fitContain({ width: 0, height: 0 }, { x: 0, y: 0, width: 100, height: 50 })).toEqual({
      x: 0,
      y: 0,
      width: 100,
      height: 50,
    });
  });
});

describe('cropCover', () => {
  it('crops the sides of a 16:9 camera for a 4:3 box', () => {
    expect(cropCover({ width: 1600, height: 900 }, { width: 400, height: 300 })).toEqual({
      x: 200,
      y: 0,
      width: 1200,
      height: 900,
    });
  });

  it('crops top and bottom of a 4:3 camera for a 16:9 box', () => {
    expect(cropCover({ width: 640, height: 480 }, { width: 320, height: 180 })).toEqual({
      x: 0,
      y: 60,
      width: 640,
      height: 360,
    });
  });
});

describe('pipBox', () => {
  it('puts the camera a quarter wide, 16:9, inset by the margin in each corner', () => {
    expect(pipBox(CANVAS, 'top-left')).toEqual({ x: 32, y: 32, width: 320, height: 180 });
    expect(pipBox(CANVAS, 'top-right')).toEqual({ x: 928, y: 32, width: 320, height: 180 });
    expect(pipBox(CANVAS, 'bottom-left')).toEqual({ x: 32, y: 508, width: 320, height: 180 });
    expect(pipBox(CANVAS, 'bottom-right')).toEqual({ x: 928, y: 508, width: 320, height: 180 });
  });
});

describe('layoutScene', () => {
  it('shows the camera full frame in a camera-only scene', () => {
    expect(layoutScene({ hasCamera: true, hasScreen: false, cameraCorner: 'bottom-right' }, CANVAS)).toEqual({
      main: { source: 'camera', box: { x: 0, y: 0, width: 1280, height: 720 } },
      overlay: null,
    });
  });

  it('shows the screen full frame and no camera in a screen share', () => {
    const layout = layoutScene({ hasCamera: false, hasScreen: true, cameraCorner: 'bottom-right' }, CANVAS);
    expect(layout.main?.source).toBe('screen');
    expect(layout.overlay).toBeNull();
  });

  it('puts the camera over the screen in the chosen corner for picture in picture', () => {
    const layout = layoutScene({ hasCamera: true, hasScreen: true, cameraCorner: 'top-left' }, CANVAS);
    expect(layout.main).toEqual({ source: 'screen', box: { x: 0, y: 0, width: 1280, height: 720 } });
    expect(layout.overlay).toEqual({ source: 'camera', box: { x: 32, y: 32, width: 320, height: 180 } });
  });

  it('draws nothing but the background for a microphone-only scene', () => {
    expect(layoutScene({ hasCamera: false, hasScreen: false, cameraCorner: 'top-left' }, CANVAS)).toEqual({
      main: null,
      overlay: null,
    });
  });
});
