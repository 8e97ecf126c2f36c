import { AI_MESSAGES } from '@relaycast/shared/ai';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { rewriteFeedItem } from '../ai/ai.service';
import { providerError } from '../ai/ai-provider';
import { checkWorkspaceBaseUrl, languageModelFor, providerSettingsFor } from '../ai/ai-settings';
import { finishGeneration, startGeneration } from '../ai/ai-usage';
import type { FeedRow } from './feeds-posts';

/** A feed item's post text: the AI's, or the template's with the reason the AI's could not be had. */
export type FeedItemText = { text: string; fallback: null } | { text: string; fallback: string };

/**
 * The AI rewrite of one feed item (docs/feeds.md, "AI rewrite"), through the workspace's provider exactly as the
 * assistant's requests: counted against the hourly limit as the feed's owner (a `transform` in the history), under
 * the address policy for a workspace's own base URL, ended at the server's AI timeout. Whatever goes wrong (no
 * provider, the limit, the provider's error, an answer that does not fit), the item keeps the template's text and
 * the reason is returned, in the words the assistant would have shown.
 */
export async function feedItemText(
  deps: { db: Db; config: Config },
  feed: Pick<FeedRow, 'id' | 'workspaceId' | 'platforms' | 'aiInstruction'>,
  caller: Pick<Caller, 'userId'>,
  item: { text: string; link: string },
): Promise<FeedItemText> {
  const { db, config } = deps;
  const settings = await providerSettingsFor(db, config, feed.workspaceId).catch(() => null);
  if (!settings) return { text: item.text, fallback: AI_MESSAGES.ownerSetsProvider };
  let generationId: string;
  try {
    if (settings.baseUrlFromWorkspace) await checkWorkspaceBaseUrl(config, settings.baseUrl);
    generationId = await startGeneration(db, config.ai.hourlyLimit, {
      workspaceId: feed.workspaceId,
      userId: caller.userId,
      kind: 'transform',
      prompt: item.text,
      options: { feedId: feed.id, platforms: feed.platforms, instruction: feed.aiInstruction },
    });
  } catch (error) {
    if (error instanceof AppError) return { text: item.text, fallback: error.message };
    throw error;
  }
  const deadline = AbortSignal.timeout(config.ai.timeoutMs);
  try {
    const text = await rewriteFeedItem(
      { model: await languageModelFor(config, settings), signal: deadline },
      {
        text: item.text,
        link: item.link,
        instruction: feed.aiInstruction,
        platforms: feed.platforms as PlatformId[],
      },
    );
    await finishGeneration(db, feed.workspaceId, generationId, { status: 'done', result: { text } });
    return { text, fallback: null };
  } catch (error) {
    const mapped = error instanceof AppError ? error : providerError(error, deadline.aborted);
    await finishGeneration(db, feed.workspaceId, generationId, { status: 'failed', error: mapped.message });
    return { text: item.text, fallback: mapped.message };
  }
}
