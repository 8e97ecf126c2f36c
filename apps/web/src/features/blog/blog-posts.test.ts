import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, FEATURED_POST, findBlogPost, formatPostDate, toBlogPost } from './blog-posts';
import { parseFrontmatter } from './frontmatter';

describe('parseFrontmatter', () => {
  it('splits key: value lines from the body', () => {
    const { data, body } = parseFrontmatter('---\ntitle: Hello: world\nfeatured: true\n---\n# Body\n');
    expect(data).toEqual({ title: 'Hello: world', featured: 'true' });
    expect(body).toBe('# Body\n');
  });

  it('leaves a file without front matter as it is', () => {
    expect(parseFrontmatter('# Only a body')).toEqual({ data: {}, body: '# Only a body' });
  });

  it('refuses a line that is not key: value', () => {
    expect(() => parseFrontmatter('---\njust words\n---\n')).toThrow('key: value');
  });
});

describe('blog posts', () => {
  it('has one featured post and three more, newest first', () => {
    expect(BLOG_POSTS).toHaveLength(4);
    expect(BLOG_POSTS.filter((post) => post.featured)).toEqual([FEATURED_POST]);
    const dates = BLOG_POSTS.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives every post a category, title, excerpt, author, date and a body', () => {
    for (const post of BLOG_POSTS) {
      expect(post.slug).toMatch(/^[a-z0-9-]+$/);
      expect(post.category).not.toBe('');
      expect(post.title).not.toBe('');
      expect(post.excerpt.length).toBeGreaterThan(40);
      expect(post.author).not.toBe('');
      expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.body).toContain('## ');
      expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(findBlogPost(post.slug)).toBe(post);
    }
    expect(findBlogPost('no-such-post')).toBeUndefined();
    expect(findBlogPost(undefined)).toBeUndefined();
  });

  it('refuses a post without a required field or with a bad date', () => {
    expect(() => toBlogPost('./posts/x.md', '---\ntitle: T\n---\nbody')).toThrow('needs "category"');
    const complete = 'title: T\ncategory: C\nexcerpt: E\nauthor: A';
    expect(() => toBlogPost('./posts/x.md', `---\n${complete}\ndate: 28/10/2026\n---\n`)).toThrow(
      'YYYY-MM-DD',
    );
    expect(() => toBlogPost('./posts/Bad Name.md', `---\n${complete}\ndate: 2026-10-28\n---\n`)).toThrow(
      'slug',
    );
  });

  it('prints the date as written, whatever the time zone', () => {
    expect(formatPostDate('2026-10-28')).toBe('October 28, 2026');
  });
});
