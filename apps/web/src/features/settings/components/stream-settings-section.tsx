import {
  BITRATES,
  ENCODER_LABELS,
  ENCODERS,
  FRAME_RATES,
  RESOLUTIONS,
  SETTINGS_MESSAGES,
  STREAM_FORMAT_LABELS,
  STREAM_FORMATS,
  type StreamSettings,
} from '@relaycast/shared/settings';
import { Video } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { type DeviceOption, useMediaDevices } from '../hooks/use-media-devices';
import { SettingsCard } from './settings-card';

function DeviceSelect({
  label,
  value,
  devices,
  onChange,
}: {
  label: string;
  value: string;
  devices: DeviceOption[];
  onChange(value: string): void;
}) {
  const isMissing = value !== '' && !devices.some((device) => device.deviceId === value);
  const labels = new Map(devices.map((device) => [device.deviceId, device.label]));
  const options = ['', ...labels.keys(), ...(isMissing ? [value] : [])];
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      format={(option) =>
        option === '' ? 'System default' : (labels.get(option) ?? 'Saved device (not connected now)')
      }
      onChange={onChange}
    />
  );
}

const toStrings = (values: readonly number[]) => values.map(String);

/** Devices from the browser's real list, and the quality the server encodes the stream to. */
export function StreamSettingsSection({
  value,
  onChange,
}: {
  value: StreamSettings;
  onChange(value: StreamSettings): void;
}) {
  const media = useMediaDevices();
  const set = <K extends keyof StreamSettings>(key: K, next: StreamSettings[K]) =>
    onChange({ ...value, [key]: next });

  return (
    <SettingsCard
      title="Stream Settings"
      icon={Video}
      description="Your devices and the quality your next stream is encoded at."
    >
      <div className="grid gap-2">
        {media.status === 'needs-permission' ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-muted p-3 text-sm">
            <span>Allow camera and microphone access to see your devices by name.</span>
            <Button size="sm" variant="outline" onClick={() => void media.requestAccess()}>
              Allow camera and microphone
            </Button>
          </div>
        ) : null}
        {media.message ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            <span>{media.message}</span>
            {media.status === 'denied' ? (
              <Button size="sm" variant="outline" onClick={() => void media.requestAccess()}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <DeviceSelect
          label="Camera"
          value={value.videoInput}
          devices={media.devices.videoinput}
          onChange={(next) => set('videoInput', next)}
        />
        <DeviceSelect
          label="Microphone"
          value={value.audioInput}
          devices={media.devices.audioinput}
          onChange={(next) => set('audioInput', next)}
        />
        <DeviceSelect
          label="Speaker"
          value={value.audioOutput}
          devices={media.devices.audiooutput}
          onChange={(next) => set('audioOutput', next)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Resolution"
          value={value.resolution}
          options={RESOLUTIONS}
          onChange={(next) => set('resolution', next)}
        />
        <SelectField
          label="Bitrate"
          value={String(value.bitrate)}
          options={toStrings(BITRATES)}
          format={(option) => `${Number(option).toLocaleString('en-US')} kbps`}
          onChange={(next) => set('bitrate', Number(next) as StreamSettings['bitrate'])}
        />
        <SelectField
          label="FPS"
          value={String(value.fps)}
          options={toStrings(FRAME_RATES)}
          format={(option) => `${option} fps`}
          onChange={(next) => set('fps', Number(next) as StreamSettings['fps'])}
        />
        <SelectField
          label="Encoder"
          value={value.encoder}
          options={ENCODERS}
          format={(option) => ENCODER_LABELS[option]}
          onChange={(next) => set('encoder', next)}
        />
        <SelectField
          label="Format"
          value={value.format}
          options={STREAM_FORMATS}
          format={(option) => STREAM_FORMAT_LABELS[option]}
          onChange={(next) => set('format', next)}
        />
      </div>
      <p className="text-xs text-muted-foreground">{SETTINGS_MESSAGES.encoderNote}</p>
    </SettingsCard>
  );
}
