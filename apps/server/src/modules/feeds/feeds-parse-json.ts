import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import {
  asList,
  dateOf,
  FeedParseError,
  httpUrl,
  keyOf,
  type ParsedFeed,
  type ParsedFeedItem,
  parseFeed,
  plainSummary,
  type XmlNode,
} from './feeds-parse';

/**
 * JSON Feed (https://jsonfeed.org, versions 1 and 1.1) beside the XML feeds of feeds-parse.ts, and the one entry
 * point the poller calls: a document that starts with `{` is read as JSON Feed, anything else as XML.
 */

/** A JSON Feed item (https://jsonfeed.org/version/1.1): its fields are read as strings only where they are. */
function jsonItem(item: Record<string, unknown>): ParsedFeedItem {
  const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const title = plainSummary(str(item.title));
  const link = httpUrl(item.url) ?? httpUrl(item.external_url) ?? '';
  const summary = plainSummary(str(item.content_html) || str(item.summary) || str(item.content_text));
  const id = typeof item.id === 'number' ? String(item.id) : str(item.id);
  const attachment = asList(item.attachments).find(
    (entry) =>
      typeof entry === 'object' && entry !== null && str((entry as XmlNode).mime_type).startsWith('image/'),
  ) as XmlNode | undefined;
  return {
    key: keyOf(id, link, `${title}\n${summary}`),
    title: title || summary.slice(0, 80),
    link,
    summary,
    publishedAt: dateOf(str(item.date_published) || str(item.date_modified)),
    imageUrl: httpUrl(item.image) ?? httpUrl(item.banner_image) ?? httpUrl(attachment?.url),
  };
}

export function parseJsonFeed(text: string): ParsedFeed {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new FeedParseError(FEED_MESSAGES.notJsonFeed);
  }
  const feed = document as Record<string, unknown> | null;
  if (
    typeof feed !== 'object' ||
    feed === null ||
    typeof feed.version !== 'string' ||
    !feed.version.startsWith('https://jsonfeed.org/version/') ||
    !Array.isArray(feed.items)
  ) {
    throw new FeedParseError(FEED_MESSAGES.notJsonFeed);
  }
  const items = feed.items.filter(
    (item): item is Record<string, unknown> =>
      typeof item === 'object' && item !== null && !Array.isArray(item),
  );
  const title = typeof feed.title === 'string' ? plainSummary(feed.title) : '';
  return { title: title || null, items: items.map(jsonItem) };
}

/** Reads a feed document of any kind we read, or throws `FeedParseError` saying in words why it cannot be read. */
export function parseFeedDocument(text: string): ParsedFeed {
  return text.trimStart().startsWith('{') ? parseJsonFeed(text) : parseFeed(text);
}
