import type { SocialAccount } from '@relaycast/shared/accounts';
import type { PostWatermarkChoice, Watermark } from '@relaycast/shared/watermarks';
import { usePostWatermark, useWatermarks } from '@/api/watermarks';
import type { PostFormValues } from '@/lib/post-form';
import { effectiveAccounts } from '../components/account-picker';

const DEFAULT: PostWatermarkChoice = { use: 'default' };

/**
 * The composer's watermark choice (docs/watermarks.md): the one the user just made (the form's `watermark`, sent
 * with the post), else the saved post's, else each account's default. Gives the watermark the preview draws.
 */
export function useWatermarkChoice(postId: string | undefined) {
  const list = useWatermarks().data;
  const stored = usePostWatermark(postId).data;
  const watermarks = list?.watermarks ?? [];

  const choiceOf = (values: PostFormValues): PostWatermarkChoice => values.watermark ?? stored ?? DEFAULT;

  /** The accounts' defaults this post would get, one per distinct watermark (several accounts may differ). */
  const defaultsOf = (values: PostFormValues, accounts: readonly SocialAccount[]): Watermark[] => {
    const ids = values.platforms.flatMap((platform) =>
      effectiveAccounts(platform, values.accounts, accounts),
    );
    const marks = ids
      .map((id) => list?.defaults.find((d) => d.accountId === id)?.watermarkId)
      .map((id) => watermarks.find((w) => w.id === id))
      .filter((w): w is Watermark => w !== undefined);
    return [...new Map(marks.map((w) => [w.id, w])).values()];
  };

  /** The watermark the preview draws on the post's images and videos (the first account's default on "default"). */
  const previewOf = (values: PostFormValues, accounts: readonly SocialAccount[]): Watermark | null => {
    const choice = choiceOf(values);
    if (choice.use === 'none') return null;
    if (choice.use === 'watermark') return watermarks.find((w) => w.id === choice.watermarkId) ?? null;
    return defaultsOf(values, accounts)[0] ?? null;
  };

  return { watermarks, choiceOf, defaultsOf, previewOf };
}

export type WatermarkChoice = ReturnType<typeof useWatermarkChoice>;
