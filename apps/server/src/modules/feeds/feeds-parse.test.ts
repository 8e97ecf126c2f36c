/** Reading RSS 2.0, RSS 1.0 and Atom (docs/feeds.md, "Parsing"), and what is refused in words. */
import { FEED_MESSAGES, renderFeedTemplate } from '@relaycast/shared/feeds';
import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './feeds-fetch';
import { FeedParseError, newestFirst, parseFeed, plainSummary } from './feeds-parse';
import { nextWaitMs } from './feeds-poll';

describe('parseFeed', () => {
  it('reads an RSS item: guid with attributes, CDATA HTML, predefined and numeric entities only', () => {
    const feed =
      parseFeed(`<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
      <title>Tom &amp; Jerry&#8217;s</title>
      <item><title>A &lt;b&gt; &amp;nbsp; &unknown;</title><link>https://x.example/a?b=1&amp;c=2</link>
      <guid isPermaLink="false">id-1</guid><content:encoded><![CDATA[<p>Hello <script>evil()</script><b>world</b></p>]]></content:encoded>
      <pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate></item></channel></rss>`);
    expect(feed.title).toBe('Tom & Jerry’s');
    expect(feed.items[0]).toMatchObject({
      title: 'A <b> &nbsp; &unknown;',
      link: 'https://x.example/a?b=1&c=2',
      summary: 'Hello world',
      publishedAt: new Date('2026-11-24T08:00:00Z'),
    });
  });

  it('reads Atom and RSS 1.0, keyed by id, else link', () => {
    const atom = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <entry><id>urn:1</id><title>One</title><link rel="self" href="https://a/self"/><link rel="alternate" href="https://a/1"/></entry>
      <entry><title>Two</title><link href="https://a/2"/></entry></feed>`);
    expect(atom.items.map((item) => item.link)).toEqual(['https://a/1', 'https://a/2']);
    const again = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:1</id><title>One, edited</title></entry></feed>`,
    );
    expect(again.items[0]?.key).toBe(atom.items[0]?.key);
    const rdf =
      parseFeed(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel><title>R</title></channel><item><title>Uno</title><link>https://r/1</link></item></rdf:RDF>`);
    expect(rdf.items.map((item) => item.title)).toEqual(['Uno']);
  });

  it('refuses what is not a feed, in words', () => {
    const refusal = (xml: string) => {
      try {
        parseFeed(xml);
        return 'parsed';
      } catch (error) {
        return error instanceof FeedParseError ? error.message : `threw ${String(error)}`;
      }
    };
    expect(refusal('{"items": []}')).toBe(FEED_MESSAGES.notXml);
    expect(refusal('<html><body>hi</body></html>')).toBe(FEED_MESSAGES.notAFeed);
    expect(refusal('<rss><channel></rss>')).toMatch(/^The feed is not valid XML \(.+ on line 1\)\.$/);
    expect(refusal('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><rss>&e;</rss>')).toBe(
      FEED_MESSAGES.entitiesRefused,
    );
  });
});

describe('the rules around a fetch', () => {
  it('orders by date when every item has one, else keeps the document order', () => {
    const item = (key: string, at: string | null) => ({
      key,
      title: key,
      link: '',
      summary: '',
      publishedAt: at ? new Date(at) : null,
    });
    expect(
      newestFirst([item('a', '2026-01-01'), item('b', '2026-03-01'), item('a', '2026-01-01')]).map(
        (i) => i.key,
      ),
    ).toEqual(['b', 'a']);
    expect(newestFirst([item('a', '2026-01-01'), item('b', null)]).map((i) => i.key)).toEqual(['a', 'b']);
  });

  it('doubles the wait per failure up to a day and honours Retry-After', () => {
    expect(nextWaitMs(60, 0)).toBe(3_600_000);
    expect(nextWaitMs(60, 2)).toBe(4 * 3_600_000);
    expect(nextWaitMs(60, 20)).toBe(24 * 3_600_000);
    expect(nextWaitMs(15, 0, 7_200_000)).toBe(7_200_000);
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 15:02:00 GMT', Date.parse('2026-11-26T15:00:00Z'))).toBe(120_000);
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('fills the template and trims what empty values leave', () => {
    expect(
      renderFeedTemplate('{title}\n\n{summary}\n\n\n{link}', { title: 'T', link: 'https://l', summary: '' }),
    ).toBe('T\n\nhttps://l');
    expect(renderFeedTemplate('{title} {unknown}', { title: 'T', link: '', summary: '' })).toBe(
      'T {unknown}',
    );
  });

  it('reads a summary without scripts and tags, in linear time for unclosed ones', () => {
    expect(plainSummary('<p>Hi <SCRIPT>x()</script > <style a>b{}</STYLE>there</p>')).toBe('Hi there');
    expect(plainSummary('Before <script>never closed <b>x</b>')).toBe('Before');
    expect(plainSummary(`a ${'<'.repeat(300_000)}`).startsWith('a <<<')).toBe(true);
    expect(plainSummary(`b ${'<script'.repeat(50_000)}`)).toBe('b');
    expect(plainSummary(`c <script>${'</script'.repeat(50_000)}`)).toBe('c');
  });

  it('trims the spaces ending each line, in linear time for a long summary', () => {
    const summary = `${' '.repeat(300_000)}x \t`;
    expect(renderFeedTemplate('{title} \n{summary}', { title: 'T', link: '', summary })).toBe(
      `T\n${' '.repeat(300_000)}x`,
    );
  });
});
