import type { ComponentProps, ReactNode } from 'react';

interface BrandIconProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** The accessible name; without one the icon is decorative and hidden from screen readers. */
  title?: string;
}

/** Simplified marks of the social networks, drawn for Relaycast in one 24×24 style. */
function BrandSvg({ title, children, ...props }: BrandIconProps & { children: ReactNode }) {
  const common = { viewBox: '0 0 24 24', width: 24, height: 24, fill: 'currentColor', ...props };
  if (!title) {
    return (
      <svg aria-hidden="true" {...common}>
        {children}
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={title} {...common}>
      <title>{title}</title>
      {children}
    </svg>
  );
}

export function InstagramIcon(props: BrandIconProps) {
  return (
    <BrandSvg {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" />
    </BrandSvg>
  );
}

export function TwitterIcon(props: BrandIconProps) {
  return (
    <BrandSvg {...props}>
      <path d="M3.2 3h4.9l12.7 18h-4.9Z" />
      <path d="M18.7 3h2.2l-6.4 7.4-1.2-1.6ZM9.8 13.3l1.2 1.6L5.3 21H3.1Z" />
    </BrandSvg>
  );
}

export function FacebookIcon(props: BrandIconProps) {
  return (
    <BrandSvg {...props}>
      <path
        fillRule="evenodd"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20ZM10.4 21.2v-7.4H8V11h2.4V9.1c0-2.4 1.4-3.7 3.6-3.7 1 0 1.9.1 2.1.1v2.4h-1.4c-1.2 0-1.5.6-1.5 1.4V11H16l-.4 2.8h-2.4v7.4Z"
      />
    </BrandSvg>
  );
}

export function YouTubeIcon(props: BrandIconProps) {
  return (
    <BrandSvg {...props}>
      <path
        fillRule="evenodd"
        d="M6 4.5h12a4.5 4.5 0 0 1 4.5 4.5v6a4.5 4.5 0 0 1-4.5 4.5H6A4.5 4.5 0 0 1 1.5 15V9A4.5 4.5 0 0 1 6 4.5Zm3.8 3.8v7.4l6.3-3.7Z"
      />
    </BrandSvg>
  );
}

/** The four networks the marketing pages name, in the order they are shown. */
export const SOCIAL_BRANDS = [
  { name: 'Instagram', Icon: InstagramIcon },
  { name: 'Twitter', Icon: TwitterIcon },
  { name: 'Facebook', Icon: FacebookIcon },
  { name: 'YouTube', Icon: YouTubeIcon },
] as const;
