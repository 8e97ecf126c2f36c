import type { ClipAnalysis } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import { useTranslation } from 'react-i18next';
import { HighlightClip } from './highlight-clip';

/**
 * The clips an analysis suggests for a library video, each a HighlightClip (preview, export 9:16 or 16:9, send
 * to composer); a plain line when nothing stands out. Used by the clip generator and /stream-analytics.
 */
export function SuggestedClipList({ analysis, media }: { analysis: ClipAnalysis; media: MediaItem }) {
  const { t } = useTranslation('clip-generator');
  if (analysis.clips.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('Nothing stands out in this video: no louder parts or scene changes were found.')}
      </p>
    );
  }
  return (
    <ol aria-label={t('Suggested clips')} className="grid gap-3">
      {analysis.clips.map((clip, index) => (
        <HighlightClip
          key={`${clip.start}-${clip.end}`}
          clip={clip}
          media={media}
          index={index}
          transcript={analysis.transcript}
        />
      ))}
    </ol>
  );
}
