import { ArrowLeft, Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

const TITLES: Record<string, string> = {
  '/media-tools': 'Media Tools',
  '/calendar': 'Content Calendar',
  '/analytics': 'Analytics',
  '/settings': 'Settings',
  '/video-editor': 'Video Editor',
  '/streaming': 'Live Streaming',
  '/clip-generator': 'Clip Generator',
  '/create-post': 'Create Post',
  '/engagement': 'Engagement',
  '/post-composer': 'Post Composer',
  '/media-library': 'Media Library',
  '/drafts': 'Drafts',
  '/stream-settings': 'Stream Settings',
  '/stream-analytics': 'Stream Analytics',
  '/schedule-stream': 'Schedule Stream',
  '/features': 'Features',
  '/pricing': 'Pricing',
  '/about': 'About',
  '/blog': 'Blog',
  '/faq': 'FAQ',
  '/contact': 'Contact',
};

/** A screen whose feature has not landed yet: says so plainly, with a way back. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const title = TITLES[pathname] ?? 'This page';
  usePageMeta(title, `${title} is being built for Relaycast.`);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <Construction aria-hidden="true" className="size-10 text-primary" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title} is on its way</h1>
      <p className="mt-2 text-muted-foreground">
        This screen is part of Relaycast's roadmap and is not built yet. Everything you save elsewhere is
        kept.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
      </Button>
    </div>
  );
}
