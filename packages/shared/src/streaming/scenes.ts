/**
 * Scenes: the three fixed layouts and the user's custom ones. Part of the streaming contract: see
 * ../streaming.ts.
 */
import { z } from 'zod';
import { STREAMING_MESSAGES } from './messages';

export const SCENE_SOURCES = ['camera', 'screen', 'microphone'] as const;
export type SceneSource = (typeof SCENE_SOURCES)[number];
export const SCENE_SOURCE_LABELS: Record<SceneSource, string> = {
  camera: 'Camera',
  screen: 'Screen',
  microphone: 'Microphone',
};

export const CAMERA_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type CameraCorner = (typeof CAMERA_CORNERS)[number];
export const CAMERA_CORNER_LABELS: Record<CameraCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

export const sceneSchema = z.object({
  /** '1', '2', '3' for the fixed scenes; a generated id for custom ones. */
  id: z.string(),
  name: z.string(),
  sources: z.array(z.enum(SCENE_SOURCES)),
  /** Where the camera sits when the scene shows both camera and screen. */
  cameraCorner: z.enum(CAMERA_CORNERS),
  isCustom: z.boolean(),
});
export type Scene = z.infer<typeof sceneSchema>;

export const FIXED_SCENES: readonly Scene[] = [
  {
    id: '1',
    name: 'Main Scene',
    sources: ['camera', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
  {
    id: '2',
    name: 'Screen Share',
    sources: ['screen', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
  {
    id: '3',
    name: 'Picture in Picture',
    sources: ['camera', 'screen', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
];
export const DEFAULT_SCENE_ID = '1';

export const MAX_SCENE_NAME = 40;
export const MAX_CUSTOM_SCENES = 20;

export const customSceneInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, STREAMING_MESSAGES.sceneNameRequired)
    .max(MAX_SCENE_NAME, STREAMING_MESSAGES.sceneNameTooLong),
  sources: z
    .array(z.enum(SCENE_SOURCES))
    .min(1, STREAMING_MESSAGES.sceneSourcesRequired)
    .transform((sources) => SCENE_SOURCES.filter((s) => sources.includes(s))),
  cameraCorner: z.enum(CAMERA_CORNERS).default('bottom-right'),
});
export type CustomSceneInput = z.input<typeof customSceneInputSchema>;

export const sceneListSchema = z.object({ scenes: z.array(sceneSchema) });
export type SceneList = z.infer<typeof sceneListSchema>;
