import { useParams } from 'react-router';
import { type BlogPost, findBlogPost } from '@/features/blog/blog-posts';
import { BlogArticle } from '@/features/blog/components/blog-article';
import { usePageMeta } from '@/lib/use-page-meta';
import { NotFoundPage } from './not-found';

/** /blog/:slug: the post, or the not-found screen for a slug that has no Markdown file. */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = findBlogPost(slug);
  return post ? <BlogPostView post={post} /> : <NotFoundPage />;
}

function BlogPostView({ post }: { post: BlogPost }) {
  usePageMeta(post.title, post.excerpt);
  return <BlogArticle post={post} />;
}
