import { SCENE_SOURCE_LABELS, type Scene, STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { Monitor, Plus, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteScene } from '@/api/stream-scenes';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { AddSceneDialog } from './add-scene-dialog';

function SceneThumbnail({ scene }: { scene: Scene }) {
  const hasScreen = scene.sources.includes('screen');
  const hasCamera = scene.sources.includes('camera');
  const corner = scene.cameraCorner;
  return (
    <span
      aria-hidden="true"
      className="relative block aspect-video w-full overflow-hidden rounded-md bg-slate-900"
    >
      {hasScreen ? (
        <Monitor className="absolute inset-0 m-auto size-6 text-slate-400" />
      ) : hasCamera ? (
        <User className="absolute inset-0 m-auto size-6 text-slate-400" />
      ) : null}
      {hasScreen && hasCamera ? (
        <span
          className={cn(
            'absolute flex h-1/3 w-1/3 items-center justify-center rounded-sm border border-white/70 bg-slate-700',
            corner.startsWith('top') ? 'top-1' : 'bottom-1',
            corner.endsWith('left') ? 'left-1' : 'right-1',
          )}
        >
          <User className="size-3 text-slate-300" />
        </span>
      ) : null}
    </span>
  );
}

/** The scene tiles: clicking one switches what is drawn (and sent, when live); the add button makes a new one. */
export function ScenesPanel({
  scenes,
  selectedId,
  onSelect,
}: {
  scenes: Scene[];
  selectedId: string;
  onSelect(scene: Scene): void;
}) {
  const { t } = useTranslation('streaming');
  const [isAdding, setAdding] = useState(false);
  const remove = useDeleteScene();
  return (
    <section aria-labelledby="scenes-heading" className="rounded-xl border bg-card p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="scenes-heading" className="font-semibold">
          {t('Scenes')}
        </h2>
        <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t('Add scene')}
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {scenes.map((scene) => {
          const isSelected = scene.id === selectedId;
          return (
            <li key={scene.id} className="relative">
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(scene)}
                className={cn(
                  'grid w-full gap-2 rounded-lg border p-2 text-left transition-colors hover:bg-muted',
                  isSelected && 'border-primary ring-2 ring-primary',
                )}
              >
                <SceneThumbnail scene={scene} />
                <span className="block text-sm font-medium">
                  {scene.isCustom ? scene.name : t(scene.name)}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {scene.sources.map((source) => t(SCENE_SOURCE_LABELS[source])).join(', ')}
                </span>
              </button>
              {scene.isCustom && !isSelected ? (
                <Button
                  variant="secondary"
                  size="icon"
                  className="absolute top-3 right-3 size-7"
                  aria-label={t('Remove scene {{name}}', { name: scene.name })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(scene.id, {
                      onSuccess: () => toast.success(translateMessage(STREAMING_MESSAGES.sceneDeleted)),
                      onError: (error) => showError(error),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <AddSceneDialog
        open={isAdding}
        onClose={(scene) => {
          setAdding(false);
          if (scene) onSelect(scene);
        }}
      />
    </section>
  );
}
