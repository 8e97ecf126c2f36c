import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, TwitterIcon, YouTubeIcon } from '@/components/brand-icons';
import { cn } from '@/lib/cn';

type IconProps = Omit<ComponentProps<'svg'>, 'children'>;

/** Marks for the networks the marketing pages do not show, drawn in the same 24×24 style as brand-icons. */
function Svg(props: IconProps & { children: ReactNode }) {
  return <svg aria-hidden="true" viewBox="0 0 24 24" width={24} height={24} fill="currentColor" {...props} />;
}

function LinkedInIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm1.8 7v7.2h2.5V10Zm1.25-4.2a1.45 1.45 0 1 0 0 2.9 1.45 1.45 0 0 0 0-2.9ZM11 10v7.2h2.5v-3.9c0-1 .5-1.7 1.4-1.7.8 0 1.2.6 1.2 1.7v3.9h2.5v-4.5c0-2.1-1.1-2.9-2.6-2.9-1.1 0-1.9.5-2.4 1.2V10Z"
      />
    </Svg>
  );
}

function TikTokIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M13.5 2.5h3.1a4.6 4.6 0 0 0 4.1 4.1v3.1a7.6 7.6 0 0 1-4.1-1.3v6.4a6.3 6.3 0 1 1-6.3-6.3h.6v3.2h-.6a3.1 3.1 0 1 0 3.2 3.1Z" />
    </Svg>
  );
}

function BlueskyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 10.6C10.8 8.2 7.4 3.8 4.6 3.3 3 3 2.5 4 2.5 5c0 .8.4 4.6.7 5.5.8 2.4 3.2 3.1 5.6 2.8-3.5.5-6.3 1.9-2.4 6.2 4.1 4 5.6-1.2 5.6-3.4 0 2.2 1.3 7.3 5.6 3.4 3.9-4.3 1.1-5.7-2.4-6.2 2.4.3 4.8-.4 5.6-2.8.3-.9.7-4.7.7-5.5 0-1-.5-2-2.1-1.7-2.8.5-6.2 4.9-7.4 7.3Z" />
    </Svg>
  );
}

function MastodonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M12 2.5c2.9 0 6 .5 7.2 2 .8 1 1.3 2.8 1.3 5.2v2.6c0 2.6-1.9 4.6-4.6 5-2 .3-3.9.4-5.8.2.3 1.4 1.5 2.1 3.5 2.1 1.1 0 2.2-.2 3.2-.5v2.1c-1.3.6-2.8.8-4.2.8-3.6 0-6.2-1.8-6.9-5.8-.2-1.2-.2-2.9-.2-4.8V9.7c0-2.4.5-4.2 1.3-5.2 1.2-1.5 3.4-2 6.2-2ZM8 8.3v6.2h2.2V10.6c0-.8.5-1.3 1.2-1.3s1.2.5 1.2 1.3v2.1h2.1v-2.1c0-.8.5-1.3 1.2-1.3s1.2.5 1.2 1.3v3.9h2.2V10.3c0-1.4-.9-2.4-2.4-2.4-1 0-1.8.4-2.3 1.2-.5-.8-1.3-1.2-2.3-1.2-.9 0-1.6.3-2.1.9v-.5Z"
      />
    </Svg>
  );
}

function ThreadsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M17 11.2c-.6-2.2-2.2-3.3-4.4-3.3-2.5 0-4 1.6-4 3.8 0 2 1.4 3.3 3.3 3.3 2.6 0 4.1-2 4.1-5.2C16 5.8 14 3 10.8 3 6.3 3 3.5 6.6 3.5 12s2.8 9 7.5 9c2.9 0 5.2-1.2 6.5-3.1"
      />
    </Svg>
  );
}

const ICONS: Record<PlatformId, ComponentType<IconProps>> = {
  instagram: InstagramIcon,
  twitter: TwitterIcon,
  facebook: FacebookIcon,
  linkedin: LinkedInIcon,
  tiktok: TikTokIcon,
  youtube: YouTubeIcon,
  bluesky: BlueskyIcon,
  mastodon: MastodonIcon,
  threads: ThreadsIcon,
};

/** Each network's colour, tuned to read on both the light and the dark card. */
export const PLATFORM_COLORS: Record<PlatformId, string> = {
  instagram: 'text-pink-600 dark:text-pink-400',
  twitter: 'text-foreground',
  facebook: 'text-blue-600 dark:text-blue-400',
  linkedin: 'text-sky-700 dark:text-sky-400',
  tiktok: 'text-foreground',
  youtube: 'text-red-600 dark:text-red-400',
  bluesky: 'text-sky-500 dark:text-sky-400',
  mastodon: 'text-indigo-600 dark:text-indigo-400',
  threads: 'text-foreground',
};

interface PlatformIconProps extends IconProps {
  platform: PlatformId;
  /** Give the icon the platform's name for screen readers; otherwise it is decorative. */
  labelled?: boolean;
  colored?: boolean;
}

/** A social network's mark. */
export function PlatformIcon({ platform, labelled, colored = true, className, ...props }: PlatformIconProps) {
  const Icon = ICONS[platform];
  const icon = (
    <Icon className={cn('size-4 shrink-0', colored && PLATFORM_COLORS[platform], className)} {...props} />
  );
  if (!labelled) return icon;
  return (
    <span role="img" aria-label={PLATFORMS[platform].name} className="inline-flex">
      {icon}
    </span>
  );
}
