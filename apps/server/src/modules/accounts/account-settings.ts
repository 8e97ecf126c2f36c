import type { AccountSettingsInput } from '@relaycast/shared/accounts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { socialAccounts } from '../../db/schema/index';
import { requireAccount } from './accounts.service';

/** The account's own settings (its audience's time zone for best time). Another workspace's account is a 404. */
export async function updateAccountSettings(
  db: Db,
  workspaceId: string,
  id: string,
  settings: AccountSettingsInput,
) {
  const [updated] = await db
    .update(socialAccounts)
    .set({ timezone: settings.timezone, updatedAt: new Date() })
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.workspaceId, workspaceId)))
    .returning();
  return updated ?? (await requireAccount(db, workspaceId, id));
}
