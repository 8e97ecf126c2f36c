import { useTranslation } from 'react-i18next';
import { type BlogPost, formatPostDate } from '../blog-posts';

/** Author, then date and reading time: two short lines that never break mid-way. */
export function PostMeta({ post }: { post: BlogPost }) {
  const { t } = useTranslation('blog');
  return (
    <div className="text-sm">
      <p className="font-medium text-foreground">{post.author}</p>
      <p className="mt-0.5 text-muted-foreground">
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        <span aria-hidden="true"> · </span>
        {t('{{count}} min read', { count: post.readingMinutes })}
      </p>
    </div>
  );
}
