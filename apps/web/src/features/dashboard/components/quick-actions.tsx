import { type Permission, roleCan } from '@relaycast/shared/roles';
import { ArrowRight, BarChart3, CalendarDays, type LucideIcon, PenSquare, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentWorkspace } from '@/api/usage';

const QUICK_ACTIONS: readonly {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to the roles that may do it (the role table's permission; the studio needs `stream`). */
  permission?: Permission;
}[] = [
  {
    title: 'Create Post',
    description: 'Write a post with AI and schedule it.',
    to: '/post-composer',
    icon: PenSquare,
  },
  {
    title: 'Go Live',
    description: 'Stream to every platform at once.',
    to: '/streaming',
    icon: Radio,
    permission: 'stream',
  },
  {
    title: 'Analytics',
    description: 'See how your channels are growing.',
    to: '/analytics',
    icon: BarChart3,
  },
  { title: 'Calendar', description: 'Plan the next three weeks.', to: '/calendar', icon: CalendarDays },
];

/** The four quick cards at the top of the dashboard (three for a role that may not stream); each card is the link. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const role = useCurrentWorkspace().data?.role;
  // A card that needs a permission waits for the role, then shows only where the role table allows it.
  const actions = QUICK_ACTIONS.filter(
    (action) => !action.permission || (role !== undefined && roleCan(role, action.permission)),
  );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {actions.map(({ title, description, to, icon: Icon }) => (
        <li key={title}>
          <Link
            to={to}
            className="group flex h-full flex-col rounded-xl border bg-card p-4 shadow-sm transition-all hover:border-primary/50 hover:shadow-md sm:p-5"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="mt-4 flex items-center justify-between font-semibold">
              {t(title)}
              <ArrowRight
                aria-hidden="true"
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </span>
            <span className="mt-1 text-sm text-muted-foreground">{t(description)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
