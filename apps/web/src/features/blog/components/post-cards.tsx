import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { BlogPost } from '../blog-posts';
import { PostMeta } from './post-meta';

/** The featured post: large, across the full width. The title is the link to the post. */
export function FeaturedPostCard({ post }: { post: BlogPost }) {
  const { t } = useTranslation('blog');
  return (
    <article className="relative isolate overflow-hidden rounded-2xl border bg-card p-6 shadow-sm sm:p-10">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_100%_at_100%_0%,var(--color-accent),transparent)]"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="primary">{t('Featured')}</Badge>
        <Badge>{t(post.category)}</Badge>
      </div>
      <h2 className="mt-4 max-w-3xl text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        <Link to={`/blog/${post.slug}`} className="hover:text-primary">
          {post.title}
        </Link>
      </h2>
      <p className="mt-4 max-w-3xl text-pretty text-muted-foreground sm:text-lg">{post.excerpt}</p>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <PostMeta post={post} />
        <Link
          to={`/blog/${post.slug}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
        >
          {t('Read the guide')}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}

export function PostCard({ post }: { post: BlogPost }) {
  const { t } = useTranslation('blog');
  return (
    <article className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
      <div>
        <Badge>{t(post.category)}</Badge>
      </div>
      <h2 className="mt-4 text-lg font-semibold tracking-tight text-balance">
        <Link to={`/blog/${post.slug}`} className="hover:text-primary">
          {post.title}
        </Link>
      </h2>
      <p className="mt-3 flex-1 text-sm text-pretty text-muted-foreground">{post.excerpt}</p>
      <div className="mt-6 border-t pt-4">
        <PostMeta post={post} />
      </div>
    </article>
  );
}
