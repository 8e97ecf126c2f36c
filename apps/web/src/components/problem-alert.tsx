import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled list of problems (each message once), announced to screen readers, with optional actions below. */
export function ProblemAlert({
  title,
  messages,
  children,
  className,
}: {
  title: ReactNode;
  messages: readonly string[];
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm', className)}
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <CircleAlert aria-hidden="true" className="size-4" />
        {title}
      </p>
      <ul className="mt-1.5 grid list-disc gap-1 pl-6">
        {[...new Set(messages)].map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}
