import { formatSeconds, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import {
  MAX_CAPTIONS_BYTES,
  MAX_OVERLAYS,
  OVERLAY_POSITIONS,
  type OverlayPosition,
  readCaptionsFile,
  textOverlaySchema,
} from '@relaycast/shared/video-editor-overlays';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import type { Edit } from '../hooks/use-edit-history';

/** English labels, translated where they are shown. */
const POSITION_LABELS: Record<OverlayPosition, string> = { top: 'Top', center: 'Centre', bottom: 'Bottom' };

/** Cues listed in the editor; the rest are burned in all the same. */
const CUES_SHOWN = 50;

/**
 * Text overlays (text, position, from and until, in seconds of the edited video) and the captions of a subtitle
 * file (.srt or .vtt, read here to list its cues, read again by the server), both burned into the export.
 */
// function-budget: TextAndCaptionsPanel lays out one screen part in one JSX tree; split into named parts when it next changes
export function TextAndCaptionsPanel({
  edit,
  outputDuration,
  onRecord,
}: {
  edit: Edit;
  /** The length of the edited video (the kept sections end to end). */
  outputDuration: number;
  onRecord(next: Edit): void;
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const [text, setText] = useState('');
  const [position, setPosition] = useState<OverlayPosition>('bottom');
  const [from, setFrom] = useState('0');
  const [until, setUntil] = useState(() => String(Math.min(3, outputDuration)));
  const [overlayError, setOverlayError] = useState<string | null>(null);
  const [captionsError, setCaptionsError] = useState<string | null>(null);

  function addOverlay() {
    const parsed = textOverlaySchema.safeParse({ text, position, start: Number(from), end: Number(until) });
    if (!parsed.success) {
      setOverlayError(parsed.error.issues[0]?.message ?? VIDEO_EDITOR_MESSAGES.overlayTextRequired);
      return;
    }
    if (edit.overlays.length >= MAX_OVERLAYS) {
      setOverlayError(VIDEO_EDITOR_MESSAGES.tooManyOverlays(MAX_OVERLAYS));
      return;
    }
    setOverlayError(null);
    setText('');
    onRecord({ ...edit, overlays: [...edit.overlays, parsed.data] });
  }

  async function chooseCaptions(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_CAPTIONS_BYTES) {
      setCaptionsError(VIDEO_EDITOR_MESSAGES.captionsTooLarge('256 KB'));
      return;
    }
    const content = await file.text();
    const parsed = readCaptionsFile({ name: file.name, text: content });
    if (!parsed.ok) {
      setCaptionsError(parsed.message);
      return;
    }
    setCaptionsError(null);
    onRecord({ ...edit, captions: { name: file.name, text: content, cues: parsed.cues } });
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t('Text and captions')}
      </h2>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>{t('Overlay text')}</Label>
        <Input
          id={`${id}-text`}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <SelectField
          label={t('Position')}
          value={position}
          options={OVERLAY_POSITIONS}
          format={(option) => t(POSITION_LABELS[option])}
          onChange={setPosition}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>{t('From (s)')}</Label>
          <Input
            id={`${id}-from`}
            type="number"
            min={0}
            step={0.1}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-until`}>{t('Until (s)')}</Label>
          <Input
            id={`${id}-until`}
            type="number"
            min={0}
            step={0.1}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
      </div>
      {overlayError ? (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(overlayError)}
        </p>
      ) : null}
      <Button type="button" variant="outline" onClick={addOverlay}>
        <Plus aria-hidden="true" />
        {t('Add text')}
      </Button>
      {edit.overlays.length > 0 ? (
        <ul aria-label={t('Text overlays')} className="grid grid-cols-1 gap-1 text-sm">
          {edit.overlays.map((overlay, index) => (
            <li
              // Overlays have no identity of their own; their place in the list is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              className="flex items-center justify-between gap-2"
            >
              <span className="min-w-0 truncate">
                “{overlay.text}” · {t(POSITION_LABELS[overlay.position])} · {formatSeconds(overlay.start)}–
                {formatSeconds(overlay.end)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('Remove text “{{text}}”', { text: overlay.text })}
                onClick={() =>
                  onRecord({ ...edit, overlays: edit.overlays.filter((_, position) => position !== index) })
                }
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-captions`}>{t('Subtitle file (.srt or .vtt)')}</Label>
        <Input
          id={`${id}-captions`}
          type="file"
          accept=".srt,.vtt,text/vtt,application/x-subrip"
          onChange={(event) => {
            void chooseCaptions(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {captionsError ? (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(captionsError)}
        </p>
      ) : null}
      {edit.captions ? (
        <div className="grid gap-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span>
              {t('Captions from {{name}} ({{cues}})', {
                name: edit.captions.name,
                cues: edit.captions.cues.length,
              })}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onRecord({ ...edit, captions: null })}
            >
              <X aria-hidden="true" />
              {t('Remove captions')}
            </Button>
          </div>
          <ol
            aria-label={t('Captions')}
            className="grid max-h-40 gap-1 overflow-y-auto text-muted-foreground"
          >
            {edit.captions.cues.slice(0, CUES_SHOWN).map((cue) => (
              <li key={`${cue.start}-${cue.end}-${cue.text}`}>
                {formatSeconds(cue.start)}–{formatSeconds(cue.end)} {cue.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
