import { describe, expect, it } from 'vitest';
import { groupDevices } from './use-media-devices';

describe('groupDevices', () => {
  it('groups by kind, names unnamed devices and drops Chromium’s default and communications aliases', () => {
    const lists = groupDevices([
      { deviceId: 'default', kind: 'audioinput', label: 'Default - Built-in Mic' },
      { deviceId: 'communications', kind: 'audioinput', label: 'Communications - Built-in Mic' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Built-in Mic' },
      { deviceId: 'cam-1', kind: 'videoinput', label: '' },
      { deviceId: 'cam-2', kind: 'videoinput', label: '' },
      { deviceId: 'cam-2', kind: 'videoinput', label: '' },
      { deviceId: 'spk-1', kind: 'audiooutput', label: 'Speakers' },
      { deviceId: '', kind: 'videoinput', label: '' },
    ]);
    expect(lists).toEqual({
      videoinput: [
        { deviceId: 'cam-1', label: 'Camera 1' },
        { deviceId: 'cam-2', label: 'Camera 2' },
      ],
      audioinput: [{ deviceId: 'mic-1', label: 'Built-in Mic' }],
      audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
    });
  });
});
