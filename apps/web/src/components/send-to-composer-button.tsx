import { type CropAspect, draftPlatformsFor, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSavePost } from '@/api/posts';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** Saves the exported video as a draft post (platforms from its crop) and opens it in the composer. */
export function SendToComposerButton({ mediaId, crop }: { mediaId: string; crop: CropAspect }) {
  const { t } = useTranslation('video-editor');
  const save = useSavePost();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          {
            input: {
              content: '',
              platforms: draftPlatformsFor(crop),
              mediaIds: [mediaId],
              action: 'draft',
              timezone: timeZone,
            },
          },
          {
            onSuccess: (post) => {
              toast.success(translateMessage(VIDEO_EDITOR_MESSAGES.draftCreated));
              void navigate(`/post-composer?post=${encodeURIComponent(post.id)}`);
            },
            onError: (error) =>
              showError(error, undefined, { title: translateMessage(VIDEO_EDITOR_MESSAGES.draftFailed) }),
          },
        )
      }
    >
      <Send aria-hidden="true" />
      {t('Send to composer as a draft')}
    </Button>
  );
}
