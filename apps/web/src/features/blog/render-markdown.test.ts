import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and code', () => {
    const html = renderMarkdown('## Start\n\n- **one**\n- `two`\n\n```sh\nnpm start\n```\n');
    expect(html).toContain('<h2>Start</h2>');
    expect(html).toContain('<strong>one</strong>');
    expect(html).toContain('<code>two</code>');
    expect(html).toContain('<pre><code class="language-sh">npm start\n</code></pre>');
  });

  it('escapes raw HTML instead of running it', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses javascript: links', () => {
    const html = renderMarkdown('[click](javascript:alert(1))');
    expect(html).not.toContain('href="javascript:');
  });

  it('opens external links in a new tab without the opener, and keeps internal links as they are', () => {
    expect(renderMarkdown('[docs](https://example.com/docs)')).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">docs</a>',
    );
    expect(renderMarkdown('[pricing](/pricing)')).toContain('<a href="/pricing">pricing</a>');
  });
});
