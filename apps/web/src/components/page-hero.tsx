import type { ReactNode } from 'react';

interface PageHeroProps {
  /** A few words above the title that say what the page is. */
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The top of every public page: one h1, a short introduction and optional actions. */
export function PageHero({ eyebrow, title, description, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,var(--color-accent),transparent)]"
      />
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary">{eyebrow}</p> : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {description ? (
          <div className="mt-5 text-lg text-pretty text-muted-foreground">{description}</div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
