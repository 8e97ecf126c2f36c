/**
 * Camera, microphone and screen capture with messages a person can act on when a permission is denied or a
 * device is missing.
 */

import { i18n } from '@/i18n';

export type CaptureSource = 'camera' | 'microphone' | 'screen';

/** A capture that failed, with the message to show. */
export class CaptureError extends Error {
  constructor(
    public readonly source: CaptureSource,
    message: string,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

/** The message for a failed getUserMedia/getDisplayMedia, by the DOMException's name. */
export function describeCaptureError(source: CaptureSource, error: unknown): string {
  const t = i18n.getFixedT(null, 'streaming');
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (source === 'screen') {
    if (name === 'NotAllowedError' || name === 'AbortError') {
      return t(
        'Screen sharing was cancelled or blocked. Choose a screen or window to share, or pick a scene without the screen.',
      );
    }
    if (name === 'NotSupportedError' || name === 'TypeError') {
      return t('This browser cannot share the screen. Pick a scene without the screen.');
    }
    return t('The screen could not be shared. Try again, or pick a scene without the screen.');
  }
  // Whole sentences per device: the device's gender changes the sentence in other languages.
  const isCamera = source === 'camera';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return isCamera
        ? t("Access to the camera was denied. Allow it in your browser's site settings, then try again.")
        : t("Access to the microphone was denied. Allow it in your browser's site settings, then try again.");
    case 'NotFoundError':
    case 'OverconstrainedError':
      return isCamera
        ? t('No camera was found. Connect one, or pick a scene without the camera.')
        : t('No microphone was found. Connect one, or pick a scene without the microphone.');
    case 'NotReadableError':
    case 'AbortError':
      return isCamera
        ? t(
            'The camera is in use by another application or could not be started. Close the other application and try again.',
          )
        : t(
            'The microphone is in use by another application or could not be started. Close the other application and try again.',
          );
    case 'NotSupportedError':
    case 'TypeError':
      return isCamera
        ? t('This browser cannot use the camera here (it needs a secure https:// page or localhost).')
        : t('This browser cannot use the microphone here (it needs a secure https:// page or localhost).');
    default:
      return isCamera
        ? t('The camera could not be started. Try again.')
        : t('The microphone could not be started. Try again.');
  }
}

function mediaDevices(source: CaptureSource): MediaDevices {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices) {
    throw new CaptureError(source, describeCaptureError(source, new TypeError('no mediaDevices')));
  }
  return navigator.mediaDevices;
}

export interface CaptureOptions {
  deviceId?: string;
}

export async function captureCamera(options: CaptureOptions = {}): Promise<MediaStream> {
  try {
    return await mediaDevices('camera').getUserMedia({
      audio: false,
      video: {
        ...(options.deviceId ? { deviceId: { exact: options.deviceId } } : {}),
        width: { ideal: 1280 },
        height: { ideal: 720 },
        frameRate: { ideal: 30 },
      },
    });
  } catch (error) {
    if (error instanceof CaptureError) throw error;
    throw new CaptureError('camera', describeCaptureError('camera', error));
  }
}

/** The microphone with the browser's voice processing off and two channels (docs/streaming.md §4). */
export const MICROPHONE_CONSTRAINTS: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
  channelCount: 2,
};

export async function captureMicrophone(options: CaptureOptions = {}): Promise<MediaStream> {
  try {
    return await mediaDevices('microphone').getUserMedia({
      video: false,
      audio: {
        ...MICROPHONE_CONSTRAINTS,
        ...(options.deviceId ? { deviceId: { exact: options.deviceId } } : {}),
      },
    });
  } catch (error) {
    if (error instanceof CaptureError) throw error;
    throw new CaptureError('microphone', describeCaptureError('microphone', error));
  }
}

export async function captureScreen(): Promise<MediaStream> {
  try {
    const devices = mediaDevices('screen');
    if (typeof devices.getDisplayMedia !== 'function') throw new TypeError('no getDisplayMedia');
    return await devices.getDisplayMedia({
      video: { frameRate: { ideal: 30 } },
      audio: { ...MICROPHONE_CONSTRAINTS },
    });
  } catch (error) {
    if (error instanceof CaptureError) throw error;
    throw new CaptureError('screen', describeCaptureError('screen', error));
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
