import { AI_MESSAGES } from '@relaycast/shared/ai';
import type { ErrorStatus } from '@relaycast/shared/errors';
import { AppError } from '../../lib/app-error';
import {
  SafeFetchError,
  type SafeFetchOptions,
  type SafeFetchResponse,
  safeFetch,
} from '../../lib/safe-fetch';

export type PageFetcher = (url: string, options?: SafeFetchOptions) => Promise<SafeFetchResponse>;

/** How much article text goes into the prompt: enough for ideas, little enough for small local models. */
const MAX_ARTICLE_CHARS = 12_000;

type FetchErrorAnswer = {
  code: 'URL_FETCH_FAILED' | 'URL_BLOCKED';
  status: ErrorStatus<'URL_FETCH_FAILED'>;
  message: string;
};

const FETCH_ERRORS: Record<SafeFetchError['reason'], FetchErrorAnswer> = {
  'invalid-url': { status: 400, code: 'URL_FETCH_FAILED', message: AI_MESSAGES.invalidUrl },
  blocked: { status: 400, code: 'URL_BLOCKED', message: AI_MESSAGES.blockedUrl },
  'too-large': { status: 422, code: 'URL_FETCH_FAILED', message: AI_MESSAGES.pageTooLarge },
  timeout: { status: 504, code: 'URL_FETCH_FAILED', message: AI_MESSAGES.pageTimeout },
  'too-many-redirects': {
    status: 422,
    code: 'URL_FETCH_FAILED',
    message: AI_MESSAGES.tooManyRedirects,
  },
  failed: { status: 422, code: 'URL_FETCH_FAILED', message: AI_MESSAGES.pageFailed },
};

/**
 * The readable text of an HTML page (Firefox Reader View's algorithm on a server-side DOM). The DOM and
 * Readability are imported on first use: a server that never reads an article does not hold them (docs/decisions/0054-server-memory.md).
 */
export async function extractArticle(html: string, url: string): Promise<{ title: string; text: string }> {
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import('linkedom'),
    import('@mozilla/readability'),
  ]);
  const { document } = parseHTML(html);
  const parsed = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const text = (parsed?.textContent ?? document.body?.textContent ?? '')
    .replace(/\s+\n/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  const title = (parsed?.title ?? document.title ?? '').trim() || new URL(url).hostname;
  return { title, text };
}

/**
 * Fetches an article a user pasted, through the SSRF-safe fetcher, and extracts its text. `options.policy` is
 * the server's address policy (ALLOW_PRIVATE_ADDRESSES).
 */
export async function readArticle(
  url: string,
  fetchPage: PageFetcher = safeFetch,
  options: SafeFetchOptions = {},
) {
  let page: SafeFetchResponse;
  try {
    page = await fetchPage(url, options);
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const mapped = FETCH_ERRORS[error.reason];
      throw new AppError(mapped.code, { status: mapped.status, message: mapped.message });
    }
    throw error;
  }
  const isHtml = /html|xml/i.test(page.contentType) || page.contentType === '';
  const body = page.body.toString('utf8');
  const { title, text } = isHtml
    ? await extractArticle(body, page.url)
    : { title: new URL(page.url).hostname, text: body };
  if (text.length < 40) throw new AppError('URL_FETCH_FAILED', { message: AI_MESSAGES.noReadableText });
  return { url, title, text: text.slice(0, MAX_ARTICLE_CHARS) };
}
