import type { MediaImport } from '@relaycast/shared/media-imports';
import {
  type MediaAttribution,
  UNSPLASH_HOME_URL,
  UNSPLASH_PER_PAGE,
  type UnsplashPhoto,
  type UnsplashSearch,
  withUnsplashReferral,
} from '@relaycast/shared/unsplash';
import type { Config } from '../../../config/env';
import type { UnsplashConfig } from '../../../config/unsplash-env';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { JobSender } from '../../../lib/job-queue';
import { startMediaImport } from '../media-imports.service';
import {
  callUnsplash,
  type UnsplashApiPhoto,
  unsplashApiDownloadSchema,
  unsplashApiPhotoSchema,
  unsplashApiSearchSchema,
} from './unsplash-client';

/**
 * Stock photos from Unsplash (docs/media-import.md, "Unsplash"; docs/decisions/0106-unsplash-stock-photos.md).
 * Searches go through the server with the operator's key and are kept for a few minutes (a demo app may make 50
 * requests an hour, and paging back and forth asks the same pages again); the photos they found are kept longer,
 * so importing one costs a single request: its `download_location`, which Unsplash's guidelines ask to call when a
 * photo is used. The photo then comes in as a link import (media-imports.service.ts) with its attribution.
 */

const SEARCH_TTL_MS = 5 * 60_000;
const PHOTO_TTL_MS = 60 * 60_000;
const MAX_SEARCHES = 200;
const MAX_PHOTOS = 4_000;
/** The width asked of Unsplash's image service: sharp on every network, a fraction of the original's bytes. */
const IMPORT_WIDTH = 2560;

/** A small map whose entries expire, dropping the oldest once full. */
class ExpiringCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** Whom to credit, with the referral parameters Unsplash asks for on every link. */
export function attributionOf(photo: UnsplashApiPhoto, appName: string): MediaAttribution {
  return {
    source: 'unsplash',
    author: photo.user.name,
    authorUrl: withUnsplashReferral(photo.user.links.html, appName),
    photoUrl: withUnsplashReferral(photo.links.html, appName),
    sourceUrl: withUnsplashReferral(UNSPLASH_HOME_URL, appName),
  };
}

function toPhoto(photo: UnsplashApiPhoto, appName: string): UnsplashPhoto {
  return {
    id: photo.id,
    description: photo.alt_description || photo.description || null,
    width: photo.width,
    height: photo.height,
    thumbUrl: photo.urls.thumb,
    smallUrl: photo.urls.small,
    attribution: attributionOf(photo, appName),
  };
}

/** The JPEG the library imports: the original through Unsplash's image service, at most IMPORT_WIDTH wide. */
export function importUrlOf(photo: UnsplashApiPhoto): string {
  const url = new URL(photo.urls.raw);
  url.searchParams.set('fm', 'jpg');
  url.searchParams.set('q', '85');
  url.searchParams.set('w', String(IMPORT_WIDTH));
  url.searchParams.set('fit', 'max');
  return url.toString();
}

/** `ada-lovelace-abc123-unsplash`, as Unsplash names its own downloads (without the extension). */
function fileNameOf(photo: UnsplashApiPhoto): string {
  const author = photo.user.name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${author ? `${author}-` : ''}${photo.id}-unsplash`;
}

export interface UnsplashService {
  enabled: boolean;
  search(query: string, page: number): Promise<UnsplashSearch>;
  importPhoto(
    db: Db,
    queue: Pick<JobSender, 'send'>,
    owner: { workspaceId: string; userId: string },
    photoId: string,
  ): Promise<MediaImport>;
}

function settingsOf(config: Config): UnsplashConfig {
  if (!config.unsplash) throw new AppError('UNSPLASH_NOT_CONFIGURED');
  return config.unsplash;
}

/** One per app: its caches are shared by every workspace (Unsplash's answers are the same for all). */
export function createUnsplashService(config: Config): UnsplashService {
  const searches = new ExpiringCache<UnsplashSearch>(SEARCH_TTL_MS, MAX_SEARCHES);
  const photos = new ExpiringCache<UnsplashApiPhoto>(PHOTO_TTL_MS, MAX_PHOTOS);

  const photoById = async (settings: UnsplashConfig, id: string) => {
    const known = photos.get(id);
    if (known) return known;
    const photo = await callUnsplash(settings, `photos/${encodeURIComponent(id)}`, unsplashApiPhotoSchema);
    photos.set(id, photo);
    return photo;
  };

  return {
    enabled: config.unsplash !== undefined,
    async search(query, page) {
      const settings = settingsOf(config);
      const key = `${query.toLowerCase()}\n${page}`;
      const cached = searches.get(key);
      if (cached) return cached;
      const params = new URLSearchParams({ query, page: String(page), per_page: String(UNSPLASH_PER_PAGE) });
      const found = await callUnsplash(settings, `search/photos?${params}`, unsplashApiSearchSchema);
      for (const photo of found.results) photos.set(photo.id, photo);
      const answer: UnsplashSearch = {
        page,
        total: found.total,
        totalPages: found.total_pages,
        results: found.results.map((photo) => toPhoto(photo, settings.appName)),
      };
      searches.set(key, answer);
      return answer;
    },
    async importPhoto(db, queue, owner, photoId) {
      const settings = settingsOf(config);
      const photo = await photoById(settings, photoId);
      // Unsplash counts a photo's use by this call; it answers the original's address, which is not what we fetch.
      const location = new URL(photo.links.download_location);
      const sameApi = location.origin === new URL(settings.apiBase).origin;
      await callUnsplash(
        settings,
        sameApi ? location.toString() : `photos/${encodeURIComponent(photo.id)}/download`,
        unsplashApiDownloadSchema,
      );
      return startMediaImport(db, config, queue, owner, importUrlOf(photo), {
        fileName: fileNameOf(photo),
        attribution: attributionOf(photo, settings.appName),
      });
    },
  };
}
