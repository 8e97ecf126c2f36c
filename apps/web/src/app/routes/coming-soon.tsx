import { ArrowLeft, Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

/** The screens still being built, what each will do, and the screen to go back to. */
const SCREENS: Record<string, { title: string; coming: string; back?: { to: string; label: string } }> = {
  '/calendar': {
    title: 'Content Calendar',
    coming:
      'Three weeks of scheduled posts at a glance, with today highlighted and a button to schedule more.',
  },
  '/analytics': {
    title: 'Analytics',
    coming: 'Followers, engagement rate, shares and comments across your accounts, with weekly trends.',
  },
  '/settings': {
    title: 'Settings',
    coming: 'Stream quality, notifications, security and language and region settings for your account.',
  },
  '/video-editor': {
    title: 'Video Editor',
    coming: 'Load a video, trim it to the exact seconds you want and export it as MP4, MOV or WebM.',
    back: { to: '/media-tools', label: 'Back to media tools' },
  },
  '/streaming': {
    title: 'Live Streaming',
    coming:
      'Go live to several platforms at once, with scenes, a clip generator and a status for each destination.',
  },
  '/clip-generator': {
    title: 'Clip Generator',
    coming: 'Paste a YouTube link and get snapshots you can open at the exact moment they were taken.',
    back: { to: '/media-tools', label: 'Back to media tools' },
  },
  '/engagement': {
    title: 'Engagement',
    coming:
      'Likes, comments and messages from Instagram, Twitter, Facebook and LinkedIn, answered from one place.',
  },
  '/post-composer': {
    title: 'Post Composer',
    coming: 'Write a post once, adapt it to each network with AI and schedule it for the best time.',
  },
  '/media-library': {
    title: 'Media Library',
    coming: 'Every image and video you upload or import, ready to attach to posts.',
  },
  '/drafts': {
    title: 'Drafts',
    coming: 'The posts you started but have not scheduled yet.',
  },
  '/stream-settings': {
    title: 'Stream Settings',
    coming: 'Camera, microphone, resolution, bitrate and frame rate for your live streams.',
  },
  '/stream-analytics': {
    title: 'Stream Analytics',
    coming: 'Viewers, peak audience and chat activity for each of your streams.',
  },
  '/schedule-stream': {
    title: 'Schedule Stream',
    coming: 'Plan your next live stream and let your audience know when it starts.',
  },
};

const DEFAULT_BACK = { to: '/dashboard', label: 'Back to dashboard' };

/** A signed-in screen whose feature has not landed yet: says plainly what is coming, with a way back. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname];
  const title = screen?.title ?? 'This screen';
  const back = screen?.back ?? DEFAULT_BACK;
  usePageMeta(title, `${title} is coming soon to Relaycast.`);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Construction aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">{title} is on its way</h1>
      <p className="mt-3 text-muted-foreground">
        {screen?.coming ?? 'This screen is part of the Relaycast roadmap.'} It is not built yet; everything
        you save elsewhere is kept.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
      </Button>
    </div>
  );
}
