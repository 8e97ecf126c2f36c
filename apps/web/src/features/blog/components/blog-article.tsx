import { ArrowLeft } from 'lucide-react';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { BlogPost } from '../blog-posts';
import { renderMarkdown } from '../render-markdown';
import { PostMeta } from './post-meta';

/** One post, rendered from its Markdown. Links to our own pages stay inside the app. */
export function BlogArticle({ post }: { post: BlogPost }) {
  const navigate = useNavigate();
  const { t } = useTranslation('blog');
  const html = useMemo(() => renderMarkdown(post.body), [post.body]);

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (href?.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      navigate(href);
    }
  }

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('All posts')}
      </Link>
      <header className="mt-8 border-b pb-8">
        <Badge>{t(post.category)}</Badge>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{post.excerpt}</p>
        <div className="mt-6">
          <PostMeta post={post} />
        </div>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only intercepts clicks on the links inside, which handle the keyboard themselves */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this same click */}
      <div
        className="markdown mt-8"
        onClick={handleClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown from the repository, rendered with raw HTML escaped and unsafe links refused
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
