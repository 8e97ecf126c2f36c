import { instantToZoned } from '@relaycast/shared/calendar';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bestTimeKeys, fetchSuggestions, type SuggestionParams } from '@/api/best-time';
import { i18n, translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatInstant } from '@/lib/time-zone';

/** How far ahead "Best time" looks for a free suggested slot. */
const LOOKAHEAD_DAYS = 14;

/**
 * The composer's "Best time": the next free suggested slot of the chosen accounts (or platforms), the same
 * slot the queue would take. It only fills the date and time, which stay editable.
 */
export function useBestTimeChoice(timeZone: string) {
  const client = useQueryClient();
  const [isFinding, setFinding] = useState(false);
  const [note, setNote] = useState<string>();

  async function find(selection: {
    platforms: readonly PlatformId[];
    accountIds: readonly string[];
  }): Promise<{ date: string; time: string } | null> {
    const now = Date.now();
    const params: SuggestionParams = {
      // A minute ahead so the slot is still in the future when the post is saved; rounded for the cache key.
      from: new Date(Math.ceil((now + 60_000) / 60_000) * 60_000).toISOString(),
      to: new Date(now + LOOKAHEAD_DAYS * 86_400_000).toISOString(),
      platforms: [...selection.platforms].sort(),
      accountIds: [...selection.accountIds].sort(),
      timeZone,
    };
    const t = i18n.getFixedT(null, 'composer');
    setFinding(true);
    try {
      const result = await client.fetchQuery({
        queryKey: bestTimeKeys.suggestions(params),
        queryFn: () => fetchSuggestions(params),
        staleTime: 30_000,
      });
      const slot = result.suggestions[0];
      if (!slot) {
        setNote(
          t('No free suggested slot in the next {{count}} days: pick a time by hand.', {
            count: LOOKAHEAD_DAYS,
          }),
        );
        return null;
      }
      const options = { time: formatInstant(slot.at, timeZone), count: slot.posts };
      const found = slot.isExploration
        ? t('Best time: {{time}} ({{count}} posts at this hour so far, trying a new hour).', options)
        : t('Best time: {{time}} ({{count}} posts at this hour so far).', options);
      setNote(`${found} ${translateMessage(result.note)}`);
      return instantToZoned(slot.at, timeZone);
    } catch (error) {
      showError(error, t('Could not find the best time.'));
      return null;
    } finally {
      setFinding(false);
    }
  }

  return { find, isFinding, note };
}
