import {
  BarChart3,
  CalendarDays,
  CalendarPlus,
  ChevronRight,
  FileText,
  FolderOpen,
  type LucideIcon,
  MonitorPlay,
  PenSquare,
  Settings2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface PanelLink {
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

const PANELS: readonly { title: string; description: string; links: readonly PanelLink[] }[] = [
  {
    title: 'Content Management',
    description: 'Write, plan and organise what you publish.',
    links: [
      {
        label: 'Post Composer',
        description: 'Write and schedule posts',
        to: '/post-composer',
        icon: PenSquare,
      },
      {
        label: 'Content Calendar',
        description: 'Everything scheduled, by day',
        to: '/calendar',
        icon: CalendarDays,
      },
      {
        label: 'Media Library',
        description: 'Your images and videos',
        to: '/media-library',
        icon: FolderOpen,
      },
      { label: 'Drafts', description: 'Posts you have not scheduled yet', to: '/drafts', icon: FileText },
    ],
  },
  {
    title: 'Live Streaming',
    description: 'Go live everywhere and see how it went.',
    links: [
      {
        label: 'Stream Manager',
        description: 'Start and manage your stream',
        to: '/streaming',
        icon: MonitorPlay,
      },
      {
        label: 'Stream Settings',
        description: 'Video, audio and quality',
        to: '/stream-settings',
        icon: Settings2,
      },
      {
        label: 'Stream Analytics',
        description: 'Viewers and engagement',
        to: '/stream-analytics',
        icon: BarChart3,
      },
      {
        label: 'Schedule Stream',
        description: 'Announce your next live',
        to: '/schedule-stream',
        icon: CalendarPlus,
      },
    ],
  },
];

/** Content Management and Live Streaming: each entry links to its screen. */
export function WorkspacePanels() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {PANELS.map((panel) => {
        const headingId = `panel-${panel.title.toLowerCase().replaceAll(' ', '-')}`;
        return (
          <section
            key={panel.title}
            aria-labelledby={headingId}
            className="rounded-xl border bg-card shadow-sm"
          >
            <div className="border-b px-5 py-4">
              <h2 id={headingId} className="font-semibold">
                {t(panel.title)}
              </h2>
              <p className="text-sm text-muted-foreground">{t(panel.description)}</p>
            </div>
            <ul className="divide-y">
              {panel.links.map(({ label, description, to, icon: Icon }) => (
                <li key={label}>
                  <Link
                    to={to}
                    className="flex items-center gap-4 px-5 py-3.5 transition-colors hover:bg-muted/60"
                  >
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="text-sm font-medium">{t(label)}</span>
                      <span className="text-sm text-muted-foreground">{t(description)}</span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
