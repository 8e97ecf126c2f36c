import { SETTINGS_MESSAGES } from '@relaycast/shared/settings';
import { useCallback, useEffect, useState } from 'react';
import { i18n } from '@/i18n';

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface MediaDeviceLists {
  videoinput: DeviceOption[];
  audioinput: DeviceOption[];
  audiooutput: DeviceOption[];
}

/**
 * `needs-permission`: the browser hides device names (and often ids) until the site may use the camera or
 * microphone; `denied`: the user or the browser refused.
 */
export type DeviceStatus = 'loading' | 'needs-permission' | 'ready' | 'denied' | 'unavailable';

const KIND_NAMES: Record<keyof MediaDeviceLists, string> = {
  videoinput: 'Camera',
  audioinput: 'Microphone',
  audiooutput: 'Speaker',
};

/** Groups `enumerateDevices()` by kind, naming unnamed devices "Camera 2" and dropping Chromium's aliases. */
export function groupDevices(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[]) {
  const lists: MediaDeviceLists = { videoinput: [], audioinput: [], audiooutput: [] };
  for (const device of devices) {
    const list = lists[device.kind as keyof MediaDeviceLists];
    if (!list || !device.deviceId || device.deviceId === 'default' || device.deviceId === 'communications')
      continue;
    if (list.some((known) => known.deviceId === device.deviceId)) continue;
    list.push({
      deviceId: device.deviceId,
      label:
        device.label ||
        i18n.t('{{kind}} {{number}}', {
          ns: 'settings',
          kind: i18n.t(KIND_NAMES[device.kind as keyof MediaDeviceLists], { ns: 'settings' }),
          number: list.length + 1,
        }),
    });
  }
  return lists;
}

const EMPTY: MediaDeviceLists = { videoinput: [], audioinput: [], audiooutput: [] };

function mediaDevices(): MediaDevices | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
}

async function askForAccess(devices: MediaDevices): Promise<'granted' | 'denied'> {
  // Ask for both at once (one prompt); a machine without a camera or a microphone can still grant the other.
  for (const constraints of [{ video: true, audio: true }, { audio: true }, { video: true }]) {
    try {
      const stream = await devices.getUserMedia(constraints);
      for (const track of stream.getTracks()) track.stop();
      return 'granted';
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
    }
  }
  return 'granted';
}

/** The browser's cameras, microphones and speakers, with the permission prompt behind `requestAccess`. */
export function useMediaDevices() {
  const [status, setStatus] = useState<DeviceStatus>('loading');
  const [devices, setDevices] = useState<MediaDeviceLists>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async (afterPrompt = false) => {
    const api = mediaDevices();
    if (!api?.enumerateDevices) {
      setStatus('unavailable');
      setMessage(SETTINGS_MESSAGES.devicesUnavailable);
      return;
    }
    const list = await api.enumerateDevices();
    setDevices(groupDevices(list));
    const isLabelled = list.some((device) => device.label);
    if (isLabelled || afterPrompt) {
      setStatus('ready');
      setMessage(null);
    } else {
      setStatus((current) => (current === 'denied' ? current : 'needs-permission'));
    }
  }, []);

  const requestAccess = useCallback(async () => {
    const api = mediaDevices();
    if (!api?.getUserMedia) return refresh();
    setStatus('loading');
    if ((await askForAccess(api)) === 'denied') {
      setStatus('denied');
      setMessage(SETTINGS_MESSAGES.devicesDenied);
      const list = await api.enumerateDevices();
      setDevices(groupDevices(list));
      return;
    }
    await refresh(true);
  }, [refresh]);

  useEffect(() => {
    void refresh().catch(() => {
      setStatus('unavailable');
      setMessage(SETTINGS_MESSAGES.devicesUnavailable);
    });
    const api = mediaDevices();
    const onChange = () => void refresh().catch(() => undefined);
    api?.addEventListener?.('devicechange', onChange);
    return () => api?.removeEventListener?.('devicechange', onChange);
  }, [refresh]);

  return { status, devices, message, requestAccess };
}
