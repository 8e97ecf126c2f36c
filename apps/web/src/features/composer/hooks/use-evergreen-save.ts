import { EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import type { Post, PostAction } from '@relaycast/shared/posts';
import { useState } from 'react';
import { useAddEntry } from '@/api/evergreen';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import type { EvergreenChoice } from '../components/evergreen-control';

/**
 * The composer's evergreen save (docs/evergreen.md): a new post scheduled, queued or published with a collection
 * chosen joins it with its variants once it is saved. The post stays saved when the collection refuses it.
 */
export function useEvergreenSave(saved: Post | undefined) {
  const [choice, setChoice] = useState<EvergreenChoice | null>(null);
  const add = useAddEntry();
  return {
    choice: saved ? null : choice,
    setChoice,
    async addAfter(post: Post, action: PostAction): Promise<Post> {
      if (saved || !choice || action === 'draft') return post;
      const variants = choice.variants.filter((text) => text.trim().length > 0);
      try {
        await add.mutateAsync({ collectionId: choice.collectionId, entry: { postId: post.id, variants } });
        toast.success(translateMessage(EVERGREEN_MESSAGES.added));
      } catch (error) {
        showError(error);
      }
      return post;
    },
  };
}
