import { useMemo, useState } from 'react';
import { useAccounts } from '@/api/accounts';
import { useBestTime } from '@/api/best-time';
import { heatmapRows } from '../heatmap-grid';

/** Every account of the workspace together. */
export const ALL_ACCOUNTS = 'all';

/** The heatmap's account choice (all accounts by default), its data and its rows. */
export function useBestTimeHeatmap(timeZone: string) {
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<string>(ALL_ACCOUNTS);
  const usable = (accounts.data ?? []).filter((account) => account.status !== 'disconnected');
  const chosen = usable.some((account) => account.id === accountId) ? accountId : ALL_ACCOUNTS;
  const query = useBestTime({ timeZone, ...(chosen === ALL_ACCOUNTS ? {} : { accountId: chosen }) });
  const rows = useMemo(() => (query.data ? heatmapRows(query.data.cells) : null), [query.data]);
  return { accounts: usable, accountId: chosen, setAccountId, query, rows };
}
