import {
  CAMERA_CORNER_LABELS,
  CAMERA_CORNERS,
  type CameraCorner,
  customSceneInputSchema,
  MAX_SCENE_NAME,
  SCENE_SOURCE_LABELS,
  SCENE_SOURCES,
  type Scene,
  type SceneSource,
  STREAMING_MESSAGES,
} from '@relaycast/shared/streaming';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateScene } from '@/api/stream-scenes';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';

function AddSceneForm({ onDone }: { onDone(scene?: Scene): void }) {
  const { t } = useTranslation('streaming');
  const ids = useId();
  const create = useCreateScene();
  const [name, setName] = useState('');
  const [sources, setSources] = useState<SceneSource[]>(['camera', 'microphone']);
  const [corner, setCorner] = useState<CameraCorner>('bottom-right');
  const [problem, setProblem] = useState<string | null>(null);
  const hasPip = sources.includes('camera') && sources.includes('screen');

  function submit() {
    const parsed = customSceneInputSchema.safeParse({ name, sources, cameraCorner: corner });
    if (!parsed.success) {
      setProblem(translateMessage(parsed.error.issues[0]?.message ?? STREAMING_MESSAGES.sceneNameRequired));
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (scene) => {
        toast.success(translateMessage(STREAMING_MESSAGES.sceneSaved));
        onDone(scene);
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField
        label={t('Scene name')}
        value={name}
        maxLength={MAX_SCENE_NAME}
        onChange={(event) => setName(event.target.value)}
        placeholder={t('Interview')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('Sources')}</legend>
        {SCENE_SOURCES.map((source) => (
          <label key={source} htmlFor={`${ids}-${source}`} className="flex items-center gap-2 text-sm">
            <input
              id={`${ids}-${source}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={sources.includes(source)}
              onChange={(event) =>
                setSources((current) =>
                  event.target.checked ? [...current, source] : current.filter((s) => s !== source),
                )
              }
            />
            {t(SCENE_SOURCE_LABELS[source])}
          </label>
        ))}
      </fieldset>
      {hasPip ? (
        <SelectField
          label={t('Camera corner')}
          value={corner}
          options={CAMERA_CORNERS}
          format={(option) => t(CAMERA_CORNER_LABELS[option])}
          onChange={setCorner}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onDone()}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t('Add scene')}
        </Button>
      </div>
    </form>
  );
}

export function AddSceneDialog({ open, onClose }: { open: boolean; onClose(scene?: Scene): void }) {
  const { t } = useTranslation('streaming');
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('New scene')}
      description={t(
        'Choose what the scene shows. With both camera and screen, the camera sits in a corner.',
      )}
    >
      {open ? <AddSceneForm onDone={onClose} /> : null}
    </Dialog>
  );
}
