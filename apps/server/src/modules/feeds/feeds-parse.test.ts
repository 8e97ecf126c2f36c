/** Reading RSS 2.0, RSS 1.0, Atom and JSON Feed (docs/feeds.md, "Parsing"), and what is refused in words. */
import { FEED_MESSAGES, renderFeedTemplate } from '@relaycast/shared/feeds';
import { describe, expect, it } from 'vitest';
import { decodeFeedBody, retryAfterMs } from './feeds-fetch';
import { FeedParseError, newestFirst, parseFeed, plainSummary } from './feeds-parse';
import { parseFeedDocument } from './feeds-parse-json';
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

describe('item images', () => {
  it('takes an image enclosure, media:content, media:group and media:thumbnail, never another kind', () => {
    const feed = parseFeed(`<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
      <item><guid>1</guid><title>Enclosure</title><enclosure url="https://cdn.example/a.jpg" type="image/jpeg" length="1"/></item>
      <item><guid>2</guid><title>Podcast</title><enclosure url="https://cdn.example/a.mp3" type="audio/mpeg" length="1"/></item>
      <item><guid>3</guid><title>Media</title><media:content url="https://cdn.example/b.png" medium="image"/></item>
      <item><guid>4</guid><title>Group</title><media:group><media:content url="https://cdn.example/v.mp4" type="video/mp4"/><media:thumbnail url="https://cdn.example/thumb?id=4"/></media:group></item>
      <item><guid>5</guid><title>Untyped</title><media:content url="https://cdn.example/c.webp"/></item>
      <item><guid>6</guid><title>Not web</title><enclosure url="file:///etc/passwd.jpg" type="image/jpeg"/></item>
      </channel></rss>`);
    expect(feed.items.map((item) => item.imageUrl)).toEqual([
      'https://cdn.example/a.jpg',
      null,
      'https://cdn.example/b.png',
      'https://cdn.example/thumb?id=4',
      'https://cdn.example/c.webp',
      null,
    ]);
    const atom = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>A</title>
      <link rel="alternate" href="https://a/1"/><link rel="enclosure" type="image/gif" href="https://a/1.gif"/></entry></feed>`);
    expect(atom.items[0]?.imageUrl).toBe('https://a/1.gif');
  });
});

describe('JSON Feed', () => {
  it('reads items: id, url, title, HTML content, date and image (or an image attachment)', () => {
    const feed = parseFeedDocument(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'My <b>blog</b>',
        items: [
          {
            id: 42,
            url: 'https://blog.example/42',
            title: 'Forty-two',
            content_html: '<p>The <em>answer</em></p>',
            date_published: '2026-11-20T10:00:00Z',
            image: 'https://blog.example/42.png',
          },
          {
            id: 'b',
            content_text: 'A note without a title',
            attachments: [
              { url: 'https://blog.example/b.mp3', mime_type: 'audio/mpeg' },
              { url: 'https://blog.example/b.jpg', mime_type: 'image/jpeg' },
            ],
          },
          'not an item',
        ],
      }),
    );
    expect(feed.title).toBe('My blog');
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toMatchObject({
      title: 'Forty-two',
      link: 'https://blog.example/42',
      summary: 'The answer',
      publishedAt: new Date('2026-11-20T10:00:00Z'),
      imageUrl: 'https://blog.example/42.png',
    });
    expect(feed.items[1]).toMatchObject({
      title: 'A note without a title',
      link: '',
      imageUrl: 'https://blog.example/b.jpg',
    });
    expect(feed.items[0]?.key).not.toBe(feed.items[1]?.key);
  });

  it('refuses JSON that is not a JSON Feed, in words', () => {
    const refusal = (text: string) => {
      try {
        parseFeedDocument(text);
        return 'parsed';
      } catch (error) {
        return error instanceof FeedParseError ? error.message : `threw ${String(error)}`;
      }
    };
    expect(refusal('{"items": []}')).toBe(FEED_MESSAGES.notJsonFeed);
    expect(refusal('{"version": "https://jsonfeed.org/version/1", "items": {}}')).toBe(
      FEED_MESSAGES.notJsonFeed,
    );
    expect(refusal('{ not json')).toBe(FEED_MESSAGES.notJsonFeed);
    expect(refusal('plain words')).toBe(FEED_MESSAGES.notXml);
  });
});

describe('character sets', () => {
  const latin1 = Buffer.from(
    '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\u00e9 cr\u00e8me</title></channel></rss>',
    'latin1',
  );

  it("reads the XML declaration's encoding, the header's charset first, a byte-order mark before both", () => {
    expect(parseFeed(decodeFeedBody(latin1, 'application/rss+xml')).title).toBe('Café crème');
    expect(parseFeed(decodeFeedBody(latin1, 'text/xml; charset="windows-1252"')).title).toBe('Café crème');
    const utf8 = Buffer.from('<rss version="2.0"><channel><title>Café</title></channel></rss>', 'utf8');
    expect(decodeFeedBody(utf8, null)).toContain('Café');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    expect(parseFeed(decodeFeedBody(bom, 'text/xml; charset=iso-8859-1')).title).toBe('Café');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<rss version="2.0"><channel><title>Ωmega</title></channel></rss>', 'utf16le'),
    ]);
    expect(parseFeed(decodeFeedBody(utf16, null)).title).toBe('Ωmega');
  });

  it('reads an unknown label as UTF-8', () => {
    const utf8 = Buffer.from(
      '<?xml version="1.0" encoding="x-klingon"?><rss><channel><title>Café</title></channel></rss>',
    );
    expect(decodeFeedBody(utf8, null)).toContain('Café');
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
      imageUrl: null,
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
