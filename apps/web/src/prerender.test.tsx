import { describe, expect, it } from 'vitest';
import { renderPage, withPage } from './prerender';

describe('the prerendered home page', () => {
  it('is the first screen an English visitor who is not signed in sees, with no script of its own', async () => {
    const html = await renderPage('/');
    expect(html).toContain('Supercharge your social media with an AI-powered tool</h1>');
    expect(html).toContain('Start your free trial');
    expect(html).not.toContain('Go to your dashboard');
    // The public header and footer are there; the account links wait for the session, as in the browser.
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).not.toMatch(/<script/i);
    // Links are real links, so they work before the app's JavaScript has run.
    expect(html).toContain('href="/signup"');
  });

  it('goes into the root element of index.html, inert, its fields read-only, and refuses an index.html without one', () => {
    expect(
      withPage(
        '<div id="root"></div>',
        '<form><input name="a"/><textarea>t</textarea><select><option>o</option></select></form>',
      ),
    ).toBe(
      '<div id="root" inert=""><form><input aria-readonly="true" name="a"/><textarea aria-readonly="true">t</textarea><select aria-disabled="true"><option>o</option></select></form></div>',
    );
    const index =
      '<html><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';
    expect(withPage(index, '<h1>Hi</h1>')).toBe(
      '<html><body><div id="root" inert=""><h1>Hi</h1></div><script type="module" src="/a.js"></script></body></html>',
    );
    expect(() => withPage('<div id="app"></div>', '<h1>Hi</h1>')).toThrow(/root/);
  });
});
