import type { Post } from '@relaycast/shared/posts';
import type { PageMedia, PagePost, PageTarget, PostsPage } from '@relaycast/shared/posts-page';

/**
 * What the server answers the web app's `GET /api/posts` (`POSTS_PAGE_MEDIA_TYPE`, docs/decisions/0132) for
 * these posts: the page as the database writes it, which `decodePostsPage` turns back into them. A test's fake
 * API answers a list with it: `fakeApi({ 'GET /api/posts': postsPageOf([post()]) })`.
 */
export function postsPageOf(posts: readonly Post[]): PostsPage {
  const page: PostsPage = {
    accounts: {},
    names: {},
    media: {},
    targets: {},
    threadMedia: {},
    labels: {},
    posts: [],
  };
  const file = (media: Post['media'][number]): PageMedia => [
    media.id,
    media.name,
    media.mimeType,
    media.sizeBytes,
    media.durationSeconds ?? null,
    media.thumbnailUrl !== null,
    media.width ?? null,
    media.height ?? null,
    media.altText ?? '',
  ];
  for (const post of posts) {
    if (post.authorId) page.names![post.authorId] = post.createdByName ?? null;
    page.media![post.id] = post.media.map(file);
    page.threadMedia![post.id] = (post.threadMedia ?? []).flatMap((files, part) =>
      files.map((media): [number, ...PageMedia] => [part, ...file(media)]),
    );
    page.labels![post.id] = (post.labels ?? []).map((label) => [label.id, label.name, label.color]);
    page.targets![post.id] = post.targets.map((target): PageTarget => {
      if (target.accountId && target.accountHandle) page.accounts![target.accountId] = target.accountHandle;
      return [
        target.id,
        target.platform,
        target.accountId,
        target.status,
        target.attempts,
        target.dueAt,
        target.lastError,
        target.platformPostId,
        target.url,
        target.publishedAt,
        post.createdAt,
        target.commentStatus ?? null,
        target.commentError ?? null,
      ];
    });
    const row: PagePost = [
      post.id,
      post.content,
      post.platforms,
      post.overrides,
      post.status,
      post.scheduledAt,
      post.timezone,
      post.authorId,
      post.createdAt,
      post.updatedAt,
      null,
      post.firstComment ?? '',
      post.threadParts ?? null,
    ];
    page.posts.push(row);
  }
  return page;
}
