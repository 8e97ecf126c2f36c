/**
 * Where each source of a scene is drawn on the studio canvas. Pure maths, so it is unit-tested and the
 * compositor only has to draw the rectangles it is given.
 */

import type { CameraCorner } from '@relaycast/shared/streaming';

export type { CameraCorner };

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SceneShape {
  hasCamera: boolean;
  hasScreen: boolean;
  cameraCorner: CameraCorner;
}

export interface SceneLayout {
  /** The full-canvas layer (the screen, or the camera when there is no screen); null for audio-only. */
  main: { source: 'camera' | 'screen'; box: Rect } | null;
  /** The camera's picture-in-picture box when the scene shows both camera and screen. */
  overlay: { source: 'camera'; box: Rect } | null;
}

/** The picture-in-picture camera is a quarter of the canvas width, inset from the edges by a margin. */
export const PIP_WIDTH_RATIO = 0.25;
export const PIP_MARGIN_RATIO = 0.025;

/** The largest rectangle of the source's aspect ratio that fits in the box, centred (letterboxed). */
export function fitContain(source: Size, box: Rect): Rect {
  if (source.width <= 0 || source.height <= 0) return { ...box };
  const scale = Math.min(box.width / source.width, box.height / source.height);
  const width = source.width * scale;
  const height = source.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The part of the source to draw so that it covers the box without distortion (centre crop). */
export function cropCover(source: Size, box: Size): Rect {
  if (source.width <= 0 || source.height <= 0 || box.width <= 0 || box.height <= 0) {
    return { x: 0, y: 0, width: Math.max(source.width, 0), height: Math.max(source.height, 0) };
  }
  const boxRatio = box.width / box.height;
  const sourceRatio = source.width / source.height;
  if (sourceRatio > boxRatio) {
    const width = source.height * boxRatio;
    return { x: (source.width - width) / 2, y: 0, width, height: source.height };
  }
  const height = source.width / boxRatio;
  return { x: 0, y: (source.height - height) / 2, width: source.width, height };
}

/** The camera's box in a corner of the canvas, 16:9, a quarter of the canvas wide. */
export function pipBox(canvas: Size, corner: CameraCorner): Rect {
  const width = Math.round(canvas.width * PIP_WIDTH_RATIO);
  const height = Math.round((width * 9) / 16);
  const margin = Math.round(canvas.width * PIP_MARGIN_RATIO);
  const x = corner.endsWith('left') ? margin : canvas.width - width - margin;
  const y = corner.startsWith('top') ? margin : canvas.height - height - margin;
  return { x, y, width, height };
}

export function layoutScene(scene: SceneShape, canvas: Size): SceneLayout {
  const full: Rect = { x: 0, y: 0, width: canvas.width, height: canvas.height };
  if (scene.hasScreen) {
    return {
      main: { source: 'screen', box: full },
      overlay: scene.hasCamera ? { source: 'camera', box: pipBox(canvas, scene.cameraCorner) } : null,
    };
  }
  if (scene.hasCamera) return { main: { source: 'camera', box: full }, overlay: null };
  return { main: null, overlay: null };
}
