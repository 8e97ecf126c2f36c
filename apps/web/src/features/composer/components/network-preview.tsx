import type { SocialAccount } from '@relaycast/shared/accounts';
import type { PlatformId } from '@relaycast/shared/platforms';
import { type PostPreviewModel, postPreview } from '@relaycast/shared/post-preview';
import { PREVIEW_RULES } from '@relaycast/shared/post-preview-rules';
import { Bookmark, Film, Globe, Heart, MessageCircle, Music2, Repeat2, Send, Share } from 'lucide-react';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachedMedia } from '@/lib/post-form';
import { CarouselDots, frameStyle, type OnMeasured, PreviewMedia } from './preview-media';
import { AuthorLine, PreviewAvatar, PreviewLinkCard, PreviewText } from './preview-parts';

/**
 * One post as one network draws it (docs/post-previews.md): the header, the text folded where that network
 * folds it, the media in that network's frame and the link card. Each family of feeds has its own layout below.
 */

interface CardProps {
  preview: PostPreviewModel;
  text: string;
  media: readonly AttachedMedia[];
  hasAccounts: boolean;
  onMeasured: OnMeasured;
}

function Actions({ icons }: { icons: readonly (typeof Heart)[] }) {
  return (
    <div aria-hidden="true" className="flex gap-5 text-muted-foreground">
      {icons.map((Icon, index) => (
        <Icon key={Icon.displayName ?? index} className="size-4" />
      ))}
    </div>
  );
}

/** X, Bluesky, Mastodon, Threads: the avatar in its own column, then name and handle, text, media rounded. */
function SidePost({ preview, text, media, hasAccounts, onMeasured }: CardProps) {
  const { t } = useTranslation('composer');
  const fold = PREVIEW_RULES[preview.platform].fold;
  return (
    <div className="flex gap-3">
      <PreviewAvatar author={preview.author} />
      <div className="grid min-w-0 flex-1 gap-2">
        {/* Mastodon prints the @user@instance handle under the name; the others on the same line. */}
        {preview.platform === 'mastodon' ? (
          <AuthorLine author={preview.author} hasAccounts={hasAccounts} />
        ) : (
          <AuthorLine author={preview.author} hasAccounts={hasAccounts} inline after={`· ${t('now')}`} />
        )}
        <PreviewText preview={preview} fullText={text} fold={fold} />
        {preview.frame ? (
          <PreviewMedia
            frame={preview.frame}
            media={media}
            onMeasured={onMeasured}
            className="rounded-xl border"
          />
        ) : null}
        {preview.linkCard ? <PreviewLinkCard card={preview.linkCard} className="rounded-xl" /> : null}
        <Actions icons={[MessageCircle, Repeat2, Heart, Share]} />
      </div>
    </div>
  );
}

/** Facebook, LinkedIn: header, text above, the media edge to edge below, then the link card. */
function StackedPost({ preview, text, media, hasAccounts, onMeasured }: CardProps) {
  const { t } = useTranslation('composer');
  const fold = PREVIEW_RULES[preview.platform].fold;
  return (
    <div className="grid gap-3">
      <header className="flex items-center gap-3">
        <PreviewAvatar author={preview.author} />
        <div className="grid min-w-0 flex-1">
          <AuthorLine author={preview.author} hasAccounts={hasAccounts} />
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            {t('Just now')} · <Globe aria-hidden="true" className="size-3" />
          </span>
        </div>
      </header>
      <PreviewText preview={preview} fullText={text} fold={fold} />
      {preview.frame || preview.linkCard ? (
        <div className="-mx-4 grid">
          {preview.frame ? (
            <PreviewMedia frame={preview.frame} media={media} onMeasured={onMeasured} />
          ) : null}
          {preview.linkCard ? <PreviewLinkCard card={preview.linkCard} className="border-x-0" /> : null}
        </div>
      ) : null}
      <Actions icons={[Heart, MessageCircle, Share]} />
    </div>
  );
}

/** Instagram: header, the photo edge to edge, actions and carousel dots, then the caption after the username. */
function CaptionPost({ preview, text, media, hasAccounts, onMeasured }: CardProps) {
  const fold = PREVIEW_RULES[preview.platform].fold;
  return (
    <div className="grid gap-3">
      <header className="flex items-center gap-3">
        <PreviewAvatar author={preview.author} className="size-8 ring-2 ring-pink-500 ring-offset-2" />
        <AuthorLine author={preview.author} hasAccounts={hasAccounts} />
      </header>
      {preview.frame ? (
        <div className="-mx-4">
          <PreviewMedia frame={preview.frame} media={media} onMeasured={onMeasured} />
        </div>
      ) : null}
      <div className="flex items-center justify-between">
        <Actions icons={[Heart, MessageCircle, Send]} />
        {preview.frame?.layout === 'carousel' ? <CarouselDots count={preview.frame.dots} /> : null}
        <Bookmark aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <PreviewText
        preview={preview}
        fullText={text}
        fold={fold}
        lead={<span className="mr-1 font-semibold">{preview.author.name}</span>}
      />
    </div>
  );
}

/** TikTok: the 9:16 player, with the username and the caption over its foot. */
function PlayerPost({ preview, text, media, hasAccounts, onMeasured }: CardProps) {
  const fold = PREVIEW_RULES[preview.platform].fold;
  return (
    <div
      style={frameStyle(9 / 16)}
      className="relative mx-auto w-full overflow-hidden rounded-xl bg-black text-white"
    >
      {preview.frame ? (
        <PreviewMedia frame={preview.frame} media={media} onMeasured={onMeasured} className="size-full" />
      ) : null}
      <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-linear-to-t from-black/80 to-transparent p-3 pt-10">
        <AuthorLine author={preview.author} hasAccounts={hasAccounts} onDark />
        <PreviewText preview={preview} fullText={text} fold={fold} onDark />
        <span className="flex items-center gap-1 text-xs text-white/80">
          <Music2 aria-hidden="true" className="size-3" />
          {preview.author.name}
        </span>
      </div>
    </div>
  );
}

/** YouTube: the player (16:9, or a Short's 9:16), then the avatar, the title and the channel. */
function VideoPost({ preview, media, hasAccounts, onMeasured }: CardProps) {
  const { t } = useTranslation('composer');
  return (
    <div className="grid gap-3">
      {preview.frame ? (
        <PreviewMedia frame={preview.frame} media={media} onMeasured={onMeasured} className="rounded-xl" />
      ) : (
        <div
          style={frameStyle(16 / 9)}
          className="flex w-full items-center justify-center rounded-xl bg-muted text-muted-foreground"
        >
          <Film aria-hidden="true" className="size-8" />
        </div>
      )}
      <div className="flex gap-3">
        <PreviewAvatar author={preview.author} className="size-9" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          {preview.title ? (
            <p className="line-clamp-2 text-sm font-semibold wrap-anywhere">{preview.title}</p>
          ) : (
            <p className="text-sm text-muted-foreground italic">{t('Your text will appear here.')}</p>
          )}
          <AuthorLine author={preview.author} hasAccounts={hasAccounts} inline />
        </div>
      </div>
    </div>
  );
}

const LAYOUTS: Record<PlatformId, (props: CardProps) => JSX.Element> = {
  instagram: CaptionPost,
  twitter: SidePost,
  facebook: StackedPost,
  linkedin: StackedPost,
  tiktok: PlayerPost,
  youtube: VideoPost,
  bluesky: SidePost,
  mastodon: SidePost,
  threads: SidePost,
};

/** The post on `platform`, by `account` (null: none picked), from the composer's text and media. */
export function NetworkPreview({
  platform,
  text,
  media,
  account,
  accounts,
  authorName,
  onMeasured,
}: {
  platform: PlatformId;
  text: string;
  media: readonly AttachedMedia[];
  account: SocialAccount | null;
  accounts: readonly SocialAccount[];
  authorName: string;
  onMeasured: OnMeasured;
}) {
  const preview = postPreview(platform, { text, media, account, authorName });
  const Layout = LAYOUTS[platform];
  const hasAccounts = accounts.some((candidate) => candidate.platform === platform);
  return (
    <div className="min-w-0">
      <Layout preview={preview} text={text} media={media} hasAccounts={hasAccounts} onMeasured={onMeasured} />
    </div>
  );
}
