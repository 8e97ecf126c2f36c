import { ArrowRight, Check, Film, type LucideIcon, Radio, Scissors } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const MEDIA_TOOLS: readonly {
  title: string;
  description: string;
  points: readonly string[];
  to: string;
  icon: LucideIcon;
}[] = [
  {
    title: 'Live Streaming',
    description: 'Go live from your browser or OBS to several platforms at the same time.',
    points: [
      'Camera, screen or picture-in-picture',
      'YouTube, Twitch, Facebook and more',
      'Each destination monitored',
    ],
    to: '/streaming',
    icon: Radio,
  },
  {
    title: 'Video Editor',
    description: 'Trim a video and export it in the format each network wants.',
    points: [
      'Load from your library or a link',
      'Set exact start and end points',
      'Export to MP4, MOV or WebM',
    ],
    to: '/video-editor',
    icon: Film,
  },
  {
    title: 'Clip Generator',
    description: 'Turn a long video into snapshots and short clips worth sharing.',
    points: ['Works with YouTube links', 'Snapshots at regular offsets', 'Open any moment in one click'],
    to: '/clip-generator',
    icon: Scissors,
  },
];

/** The English texts above are the catalog keys; they are translated where rendered. */
export function MediaToolCards() {
  const { t } = useTranslation('media-tools');
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {MEDIA_TOOLS.map(({ title, description, points, to, icon: Icon }) => (
        <li key={title} className="flex">
          <article className="flex flex-1 flex-col rounded-xl border bg-card p-6 shadow-sm">
            <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h2 className="mt-5 text-lg font-semibold tracking-tight">{t(title)}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{t(description)}</p>
            <ul className="mt-4 grid gap-2 text-sm">
              {points.map((point) => (
                <li key={point} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t(point)}
                </li>
              ))}
            </ul>
            <div className="mt-auto pt-6">
              <Button asChild className="w-full">
                <Link to={to}>
                  {t('Open {{tool}}', { tool: t(title) })}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
