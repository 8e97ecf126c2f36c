import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One titled section of a settings page (Settings, Members). */
export function SettingsCard({
  title,
  icon: Icon,
  description,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}
