import { describe, expect, it } from 'vitest';
import { describeCaptureError, MICROPHONE_CONSTRAINTS } from './capture';

const domError = (name: string) => new DOMException('x', name);

describe('describeCaptureError', () => {
  it('says a denied permission can be allowed in the site settings', () => {
    expect(describeCaptureError('camera', domError('NotAllowedError'))).toBe(
      "Access to the camera was denied. Allow it in your browser's site settings, then try again.",
    );
    expect(describeCaptureError('microphone', domError('SecurityError'))).toMatch(/microphone was denied/);
  });

  it('says a missing device is missing and offers another scene', () => {
    expect(describeCaptureError('camera', domError('NotFoundError'))).toBe(
      'No camera was found. Connect one, or pick a scene without the camera.',
    );
    expect(describeCaptureError('microphone', domError('OverconstrainedError'))).toMatch(
      /No microphone was found/,
    );
  });

  it('explains a busy device and an insecure page', () => {
    expect(describeCaptureError('camera', domError('NotReadableError'))).toMatch(
      /in use by another application/,
    );
    expect(describeCaptureError('camera', new TypeError('no mediaDevices'))).toMatch(
      /secure https:\/\/ page/,
    );
  });

  it('treats a cancelled screen picker as cancelled, not as an error of the device', () => {
    expect(describeCaptureError('screen', domError('NotAllowedError'))).toMatch(
      /Screen sharing was cancelled/,
    );
    expect(describeCaptureError('screen', new TypeError('no getDisplayMedia'))).toMatch(
      /cannot share the screen/,
    );
  });

  it('asks for the microphone without voice processing, in stereo', () => {
    expect(MICROPHONE_CONSTRAINTS).toEqual({
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
      channelCount: 2,
    });
  });
});
