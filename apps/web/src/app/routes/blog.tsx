import { useTranslation } from 'react-i18next';
import { PageHero } from '@/components/page-hero';
import { BLOG_POSTS, FEATURED_POST } from '@/features/blog/blog-posts';
import { FeaturedPostCard, PostCard } from '@/features/blog/components/post-cards';
import { usePageMeta } from '@/lib/use-page-meta';

export function BlogPage() {
  const { t } = useTranslation('blog');
  usePageMeta(
    t('Blog'),
    t(
      'Guides, product notes and live-streaming tips from the Relaycast team: self-hosting, scheduling, AI writing and more.',
    ),
  );
  const others = BLOG_POSTS.filter((post) => post !== FEATURED_POST);
  return (
    <>
      <PageHero
        eyebrow={t('Blog')}
        title={t('Notes from the Relaycast team')}
        description={t(
          'How-to guides, the thinking behind new features and what we learn from the people who use Relaycast every day.',
        )}
      />
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-14 sm:px-6">
        {FEATURED_POST ? (
          <section aria-label={t('Featured post')}>
            <FeaturedPostCard post={FEATURED_POST} />
          </section>
        ) : null}
        <section aria-labelledby="blog-latest">
          <h2 id="blog-latest" className="text-2xl font-bold tracking-tight">
            {t('Latest posts')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {others.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
