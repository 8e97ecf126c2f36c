import type { Db } from '../../db/client';

/**
 * What the rest of the product does when an account's connection changes. The publishing module flags and
 * restores the account's scheduled targets (publishing.service.ts); app.ts hands those functions to the
 * accounts routes, so accounts never imports publishing (publishing uses accounts' credentials, not the
 * reverse: the server's modules form layers without cycles).
 */
export interface AccountEvents {
  /** After an account is disconnected: its unpublished targets must say why they wait. */
  disconnected(db: Db, accountId: string): Promise<unknown>;
  /** After an account that was disconnected or needed reconnecting is connected again. */
  reconnected(db: Db, accountId: string): Promise<unknown>;
}

/** For callers that store accounts with no posts to follow (tests of the accounts module alone). */
export const noAccountEvents: AccountEvents = {
  disconnected: async () => undefined,
  reconnected: async () => undefined,
};
