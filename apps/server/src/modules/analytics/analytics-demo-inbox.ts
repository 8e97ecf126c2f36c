import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { inboxItems, postTargets, socialAccounts } from '../../db/schema/index';

/**
 * The demo workspace's inbox (docs/analytics.md, "Try with demo data"): comments on its generated posts, mentions
 * and direct messages, only of the kinds each network's inbox reads (`ENGAGEMENT_CAPABILITIES`), so the inbox of
 * the demo is not empty. Every item is labelled demo: its id starts with `demo-` and its account carries
 * `meta.demo`, which the inbox shows and which keeps a reply from ever reaching a network
 * (apps/server/src/modules/engagement/engagement-actions.ts).
 */

type AccountRow = typeof socialAccounts.$inferInsert & { id: string; platform: string };
type TargetRow = typeof postTargets.$inferInsert;
type InboxRow = typeof inboxItems.$inferInsert;

const HOUR_MS = 3_600_000;

/** Who writes to Demo Café, and what. */
const PEOPLE = [
  { handle: 'maya.eats', name: 'Maya Lind' },
  { handle: 'jonas_b', name: 'Jonas Berger' },
  { handle: 'priya.k', name: 'Priya Kumar' },
  { handle: 'leo_reads', name: 'Léo Martin' },
  { handle: 'sam.cycles', name: 'Sam Okafor' },
  { handle: 'ana.rv', name: 'Ana Ruiz' },
] as const;

const COMMENTS = [
  'Those croissants look unreal. Are they vegan too?',
  'Is the terrace open when it rains?',
  'Best flat white in town, no contest.',
  'Do you take bookings for groups of eight?',
  'What time does the live music finish?',
];
const MENTIONS = [
  'Working from @{handle} today: great coffee and fast wifi.',
  'Shout-out to @{handle} for the birthday cake, everyone loved it!',
  'Anyone tried the new seasonal menu at @{handle}?',
];
const MESSAGES = [
  'Hi! Do you have gluten-free options on the brunch menu?',
  'Hello, I think I left my umbrella on the terrace yesterday. Is it there?',
  'Would you cater a small office breakfast next Friday?',
];

/** The newest published target of an account, for comments to sit under. */
function latestTargets(targets: readonly TargetRow[], accountId: string, count: number): TargetRow[] {
  return targets
    .filter((target) => target.accountId === accountId && target.publishedAt)
    .sort((a, b) => (b.publishedAt as Date).getTime() - (a.publishedAt as Date).getTime())
    .slice(0, count);
}

/**
 * Inbox rows for the generated accounts and posts: per account, a comment under each of its latest posts, a
 * mention and a message where its network reads them; arrivals over the last three days, the oldest answered.
 */
export function generateDemoInbox(
  workspaceId: string,
  accounts: readonly AccountRow[],
  targets: readonly TargetRow[],
  now = new Date(),
): InboxRow[] {
  const rows: InboxRow[] = [];
  let n = 0;
  const next = () => {
    const person = PEOPLE[n % PEOPLE.length] as (typeof PEOPLE)[number];
    const arrivedAt = new Date(now.getTime() - (2 + n * 5) * HOUR_MS);
    n += 1;
    return { person, arrivedAt, index: n };
  };
  const base = (account: AccountRow, kind: InboxRow['kind'], text: string) => {
    const { person, arrivedAt, index } = next();
    const answered = index % 4 === 0;
    return {
      id: randomUUID(),
      workspaceId,
      accountId: account.id,
      platform: account.platform,
      kind,
      platformItemId: `demo-${randomUUID()}`,
      authorPlatformId: `demo-${person.handle}`,
      authorHandle: person.handle,
      authorName: person.name,
      text: text.replace('{handle}', account.handle ?? ''),
      url: null,
      arrivedAt,
      status: answered ? ('answered' as const) : ('unanswered' as const),
      firstReplyAt: answered ? new Date(arrivedAt.getTime() + HOUR_MS) : null,
    } satisfies InboxRow;
  };
  for (const account of accounts) {
    const can = ENGAGEMENT_CAPABILITIES[account.platform as PlatformId];
    if (can.readComments) {
      for (const target of latestTargets(targets, account.id, 2)) {
        rows.push({
          ...base(account, 'comment', COMMENTS[n % COMMENTS.length] as string),
          platformPostId: target.platformPostId ?? null,
          postId: target.postId,
          postTargetId: target.id ?? null,
        });
      }
    }
    if (can.readMentions) rows.push(base(account, 'mention', MENTIONS[n % MENTIONS.length] as string));
    if (can.readMessages) {
      rows.push({
        ...base(account, 'message', MESSAGES[n % MESSAGES.length] as string),
        conversationId: `demo-${randomUUID()}`,
      });
    }
  }
  return rows;
}
