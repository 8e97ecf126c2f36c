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
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { formatNumber } from '@/i18n';
import type { SaveState } from '@/lib/use-save-as-you-go';
import { type DeviceOption, useMediaDevices } from '../hooks/use-media-devices';

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
  const { t } = useTranslation('settings');
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      format={(option) =>
        option === '' ? t('System default') : (labels.get(option) ?? t('Saved device (not connected now)'))
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
  saveState,
}: {
  value: StreamSettings;
  onChange(value: StreamSettings): void;
  saveState: SaveState;
}) {
  const media = useMediaDevices();
  const { t } = useTranslation('settings');
  const set = <K extends keyof StreamSettings>(key: K, next: StreamSettings[K]) =>
    onChange({ ...value, [key]: next });

  return (
    <SettingsCard
      title={t('Stream Settings')}
      icon={Video}
      description={t('Your devices and the quality your next stream is encoded at.')}
      saveState={saveState}
    >
      <div className="grid gap-2">
        {media.status === 'needs-permission' ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-muted p-3 text-sm">
            <span>{t('Allow camera and microphone access to see your devices by name.')}</span>
            <Button size="sm" variant="outline" onClick={() => void media.requestAccess()}>
              {t('Allow camera and microphone')}
            </Button>
          </div>
        ) : null}
        {media.message ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            <span>{t(media.message)}</span>
            {media.status === 'denied' ? (
              <Button size="sm" variant="outline" onClick={() => void media.requestAccess()}>
                {t('Try again')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <DeviceSelect
          label={t('Camera')}
          value={value.videoInput}
          devices={media.devices.videoinput}
          onChange={(next) => set('videoInput', next)}
        />
        <DeviceSelect
          label={t('Microphone')}
          value={value.audioInput}
          devices={media.devices.audioinput}
          onChange={(next) => set('audioInput', next)}
        />
        <DeviceSelect
          label={t('Speaker')}
          value={value.audioOutput}
          devices={media.devices.audiooutput}
          onChange={(next) => set('audioOutput', next)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('Resolution')}
          value={value.resolution}
          options={RESOLUTIONS}
          onChange={(next) => set('resolution', next)}
        />
        <SelectField
          label={t('Bitrate')}
          value={String(value.bitrate)}
          options={toStrings(BITRATES)}
          format={(option) => t('{{bitrate}} kbps', { bitrate: formatNumber(Number(option)) })}
          onChange={(next) => set('bitrate', Number(next) as StreamSettings['bitrate'])}
        />
        <SelectField
          label={t('FPS')}
          value={String(value.fps)}
          options={toStrings(FRAME_RATES)}
          format={(option) => t('{{fps}} fps', { fps: option })}
          onChange={(next) => set('fps', Number(next) as StreamSettings['fps'])}
        />
        <SelectField
          label={t('Encoder')}
          value={value.encoder}
          options={ENCODERS}
          format={(option) => t(ENCODER_LABELS[option])}
          onChange={(next) => set('encoder', next)}
        />
        <SelectField
          label={t('Format')}
          value={value.format}
          options={STREAM_FORMATS}
          format={(option) => t(STREAM_FORMAT_LABELS[option])}
          onChange={(next) => set('format', next)}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t(SETTINGS_MESSAGES.encoderNote)}</p>
    </SettingsCard>
  );
}
