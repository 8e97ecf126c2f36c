import { currentLocale } from '@/i18n';
import { parseFrontmatter } from './frontmatter';

export interface BlogPost {
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  author: string;
  /** Publication day, `YYYY-MM-DD`. */
  date: string;
  featured: boolean;
  readingMinutes: number;
  /** The Markdown body, without its front matter. */
  body: string;
}

const REQUIRED = ['title', 'category', 'excerpt', 'author', 'date'] as const;
const SLUG = /^[a-z0-9-]+$/;
const WORDS_PER_MINUTE = 200;

/** Builds a post from one Markdown file; a missing field is a mistake in the repository, so it throws. */
export function toBlogPost(fileName: string, source: string): BlogPost {
  const slug = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
  if (!SLUG.test(slug)) throw new Error(`blog post ${fileName}: the file name must be a lower-case slug`);
  const { data, body } = parseFrontmatter(source);
  for (const key of REQUIRED) {
    if (!data[key]) throw new Error(`blog post ${slug}: front matter needs "${key}"`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data.date ?? '')) {
    throw new Error(`blog post ${slug}: date must be YYYY-MM-DD`);
  }
  const words = body.split(/\s+/).filter(Boolean).length;
  return {
    slug,
    title: data.title!,
    category: data.category!,
    excerpt: data.excerpt!,
    author: data.author!,
    date: data.date!,
    featured: data.featured === 'true',
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    body,
  };
}

// The posts are Markdown files in ./posts, bundled as text: adding a post is adding a file.
const files = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: true });

/** Every post, newest first. */
export const BLOG_POSTS: readonly BlogPost[] = Object.entries(files)
  .map(([fileName, source]) => toBlogPost(fileName, source))
  .sort((a, b) => b.date.localeCompare(a.date));

/** The post shown large at the top of the blog: the newest one marked `featured`, else the newest. */
export const FEATURED_POST: BlogPost | undefined = BLOG_POSTS.find((post) => post.featured) ?? BLOG_POSTS[0];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/**
 * "October 28, 2026" ("28 octobre 2026"): the date as written in the post, whatever the reader's time zone,
 * in the interface's language.
 */
export function formatPostDate(date: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
