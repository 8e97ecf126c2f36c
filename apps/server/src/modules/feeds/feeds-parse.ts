import { createHash } from 'node:crypto';
import { FEED_MESSAGES, FEED_SUMMARY_CHARS } from '@relaycast/shared/feeds';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reading an RSS 2.0, RSS 1.0, Atom or JSON Feed document (docs/feeds.md, "Parsing"). fast-xml-parser runs with `processEntities: false`:
 * no entity declared by the document is ever expanded (billion laughs, external entities), and a document that
 * declares any is refused before parsing. Only XML's five predefined entities and numeric references are decoded,
 * here, in each text value.
 */

export interface ParsedFeedItem {
  /** SHA-256 of the item's guid or id, else its link, else its title and summary: the item's identity in the feed. */
  key: string;
  title: string;
  link: string;
  summary: string;
  publishedAt: Date | null;
  /** The item's image (`http(s)` only): enclosure, media:content or media:thumbnail, JSON Feed's `image`. */
  imageUrl: string | null;
}

export interface ParsedFeed {
  title: string | null;
  /** In document order (feeds list the newest first, but not all do: see `newestFirst`). */
  items: ParsedFeedItem[];
}

/** A document that is not a feed we can read; the message is the feed's status as the user reads it. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '';
}

/** XML's predefined entities and numeric references; anything else stays as written. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      return codePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The text of an element as the parser gives it: a string, or an object with `#text` (attributes present). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return decodeXmlText(String(node)).trim();
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'object') return textOf((node as Record<string, unknown>)['#text']);
  return '';
}

/**
 * HTML without its `<script>` and `<style>` elements (an unclosed one runs to the end, as in a browser). A loop,
 * not `/<(script|style)[^>]*>[\s\S]*?<\/\1>/`, which scanned to the end again from every unclosed tag.
 */
function withoutScripts(html: string): string {
  const opening = /<(script|style)\b/gi;
  let text = '';
  let from = 0;
  for (;;) {
    opening.lastIndex = from;
    const found = opening.exec(html);
    if (!found) return text + html.slice(from);
    const closing = new RegExp(`</${found[1]}[^<>]*>`, 'gi');
    closing.lastIndex = found.index;
    const close = closing.exec(html);
    text += `${html.slice(from, found.index)} `;
    if (!close) return text;
    from = close.index + close[0].length;
  }
}

/** HTML of a summary reduced to plain text, in one line, cut at a word near `FEED_SUMMARY_CHARS`. */
export function plainSummary(html: string): string {
  const text = decodeXmlText(
    withoutScripts(html)
      // `[^<>]`, not `[^>]`: a feed of "<" with no ">" is read once, not once from each "<".
      .replace(/<[^<>]*>/g, ' ')
      .replace(/&nbsp;/gi, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= FEED_SUMMARY_CHARS) return text;
  const cut = text.slice(0, FEED_SUMMARY_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > FEED_SUMMARY_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function dateOf(value: string): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

export function keyOf(...candidates: string[]): string {
  const identity = candidates.find((candidate) => candidate.length > 0) ?? '';
  return createHash('sha256').update(identity).digest('hex');
}

const IMAGE_PATH = /\.(jpe?g|png|gif|webp)$/i;

/** An absolute http(s) address, or null. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  const text = decodeXmlText(value).trim();
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A media node that is an image: by its type or medium, else (no type given) by its file name. */
function imageNodeUrl(node: unknown): string | null {
  if (typeof node !== 'object' || node === null) return null;
  const record = node as XmlNode;
  const url = httpUrl(record['@_url'] ?? record['@_href']);
  if (!url) return null;
  const type = String(record['@_type'] ?? '');
  const medium = String(record['@_medium'] ?? '');
  if (type) return type.startsWith('image/') ? url : null;
  if (medium) return medium === 'image' ? url : null;
  return IMAGE_PATH.test(new URL(url).pathname) ? url : null;
}

export const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * An item's image, first found of: an image enclosure (RSS `enclosure`, Atom `link rel="enclosure"`),
 * `media:content`, `media:group`'s content, `media:thumbnail` (the parser drops the `media:` prefix).
 */
function imageOf(item: XmlNode): string | null {
  const group = (asList(item.group)[0] ?? {}) as XmlNode;
  const media = [
    ...asList(item.enclosure),
    ...asList(item.link).filter((link) => (link as XmlNode | null)?.['@_rel'] === 'enclosure'),
    ...asList(item.content),
    ...asList(group.content),
  ];
  for (const node of media) {
    const url = imageNodeUrl(node);
    if (url) return url;
  }
  // A thumbnail is an image whatever its address looks like.
  for (const node of [...asList(item.thumbnail), ...asList(group.thumbnail)]) {
    const url = typeof node === 'object' && node !== null ? httpUrl((node as XmlNode)['@_url']) : null;
    if (url) return url;
  }
  return null;
}

export type XmlNode = Record<string, unknown>;

function rssItem(item: XmlNode): ParsedFeedItem {
  const title = textOf(item.title);
  const link = textOf(item.link);
  const description = textOf(item.description) || textOf(item.encoded);
  const summary = plainSummary(description);
  return {
    key: keyOf(textOf(item.guid), link, `${title}\n${summary}`),
    title: title || summary.slice(0, 80),
    link,
    summary,
    publishedAt: dateOf(textOf(item.pubDate) || textOf(item.date)),
    imageUrl: imageOf(item),
  };
}

/** An Atom entry's link: the `alternate` one (or the first without `rel`). */
function atomLink(links: unknown): string {
  if (!Array.isArray(links)) return '';
  const nodes = links.filter((link): link is XmlNode => typeof link === 'object' && link !== null);
  const alternate =
    nodes.find((link) => link['@_rel'] === 'alternate') ?? nodes.find((link) => link['@_rel'] === undefined);
  return alternate ? decodeXmlText(String(alternate['@_href'] ?? '')).trim() : '';
}

function atomEntry(entry: XmlNode): ParsedFeedItem {
  const title = plainSummary(textOf(entry.title));
  const link = atomLink(entry.link);
  const summary = plainSummary(textOf(entry.summary) || textOf(entry.content));
  return {
    key: keyOf(textOf(entry.id), link, `${title}\n${summary}`),
    title: title || summary.slice(0, 80),
    link,
    summary,
    publishedAt: dateOf(textOf(entry.published) || textOf(entry.updated)),
    imageUrl: imageOf(entry),
  };
}

/** Reads an XML feed (RSS or Atom), or throws `FeedParseError` saying in words why it cannot be read. */
export function parseFeed(xml: string): ParsedFeed {
  const head = xml.slice(0, 512).trimStart();
  if (!head.startsWith('<')) throw new FeedParseError(FEED_MESSAGES.notXml);
  if (/<!ENTITY/i.test(xml)) throw new FeedParseError(FEED_MESSAGES.entitiesRefused);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FeedParseError(FEED_MESSAGES.malformed(`${valid.err.msg} on line ${valid.err.line}`));
  }
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new FeedParseError(FEED_MESSAGES.malformed(error instanceof Error ? error.message : String(error)));
  }
  const rss = (document.rss ?? document.RDF) as XmlNode | undefined;
  if (rss && typeof rss === 'object') {
    const channel = (rss.channel ?? {}) as XmlNode;
    const items = (channel.item ?? rss.item ?? []) as XmlNode[];
    return { title: textOf(channel.title) || null, items: items.map(rssItem) };
  }
  const feed = document.feed as XmlNode | undefined;
  if (feed && typeof feed === 'object') {
    const entries = (feed.entry ?? []) as XmlNode[];
    return { title: plainSummary(textOf(feed.title)) || null, items: entries.map(atomEntry) };
  }
  throw new FeedParseError(FEED_MESSAGES.notAFeed);
}

/**
 * The items newest first: by date when every item has one, else in document order (feeds list the newest first).
 * Duplicate keys within one document are kept once.
 */
export function newestFirst(items: readonly ParsedFeedItem[]): ParsedFeedItem[] {
  const seen = new Set<string>();
  const unique = items.filter((item) => !seen.has(item.key) && seen.add(item.key));
  if (!unique.every((item) => item.publishedAt)) return unique;
  return unique
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (b.item.publishedAt?.getTime() ?? 0) - (a.item.publishedAt?.getTime() ?? 0) || a.index - b.index,
    )
    .map(({ item }) => item);
}
