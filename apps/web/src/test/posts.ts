import type { Post } from '@relaycast/shared/posts';

/** A post as the API answers it, for component tests: a draft without media or targets; `fields` set the rest. */
export function postFixture(fields: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    content: 'Hello',
    platforms: ['twitter'],
    overrides: {},
    media: [],
    status: 'draft',
    scheduledAt: null,
    timezone: 'UTC',
    authorId: 'u1',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    targets: [],
    ...fields,
  };
}
