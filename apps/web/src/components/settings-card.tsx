import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { SaveState } from '@/lib/use-save-as-you-go';
import { SaveStatus } from './save-status';

/**
 * One titled section of a settings page (Settings, Members). A section that saves as you go passes its
 * `saveState`, shown as "Saving…" / "Saved" beside the title.
 */
export function SettingsCard({
  title,
  icon: Icon,
  description,
  saveState,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  saveState?: SaveState;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <Icon aria-hidden="true" className="size-4 text-primary" />
          {title}
        </h2>
        {saveState ? <SaveStatus state={saveState} /> : null}
      </div>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}
