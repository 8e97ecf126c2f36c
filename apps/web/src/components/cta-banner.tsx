import type { ReactNode } from 'react';

interface CtaBannerProps {
  title: string;
  description: string;
  /** The buttons; the page decides what a signed-in visitor is offered instead of signing up. */
  children: ReactNode;
}

/** The closing call to action of a public page. */
export function CtaBanner({ title, description, children }: CtaBannerProps) {
  return (
    <section aria-label={title} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(50%_120%_at_100%_0%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 className="text-3xl font-bold tracking-tight text-balance">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty opacity-90">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
