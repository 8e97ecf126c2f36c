import type { CanvaExportFormat, CloudEntry, CloudProviderId } from '@relaycast/shared/cloud-drives';

/**
 * The four cloud-import adapters (decision 0105): where each provider's OAuth and file endpoints are, how it lists a
 * folder (images and videos only; Canva: designs) and how the job gets a file's bytes. The mechanism around them
 * (connections, tokens, refresh, the import job) is one: cloud-connections.ts, cloud-drives.service.ts.
 * Every URL is written with the provider's own origin; `<PROVIDER>_BASE_URL` replaces it (the fake in tests).
 */

/** An authenticated call to the provider's API: JSON in, JSON out; 401 throws CloudAuthError. */
export type ApiCall = <T>(
  url: string,
  init?: { method?: string; json?: unknown; headers?: Record<string, string> },
) => Promise<T>;

/** What the job fetches: a URL, the request to make and whether it carries the member's token. */
export interface CloudDownload {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  withToken: boolean;
}

export interface CloudAdapter {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: readonly string[];
  /** Canva requires PKCE (S256). */
  pkce: boolean;
  /** How the token request carries the app keys: form fields, or HTTP Basic (Canva). */
  clientAuth: 'body' | 'basic';
  extraAuthorize?: Record<string, string>;
  /** The connected account's name, shown in the picker. */
  accountName(call: ApiCall): Promise<string>;
  list(call: ApiCall, folder: string | undefined): Promise<CloudEntry[]>;
  /** `signal`: the import was cancelled (Canva stops polling its export). */
  download(
    call: ApiCall,
    file: { fileId: string; format?: CanvaExportFormat },
    signal?: AbortSignal,
  ): Promise<CloudDownload>;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm', 'm4v']);

/** An image or video by its type, else by its name's extension; null for anything else (not listed). */
export function mediaKindOfFile(name: string, mimeType?: string): 'image' | 'video' | null {
  if (mimeType?.startsWith('image/')) return 'image';
  if (mimeType?.startsWith('video/')) return 'video';
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  return null;
}

/** Media first by name, folders before them. */
function sorted(entries: CloudEntry[]): CloudEntry[] {
  return entries.sort(
    (a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder') || a.name.localeCompare(b.name),
  );
}

function fileEntry(id: string, name: string, size: unknown, mimeType?: string): CloudEntry | null {
  const kind = mediaKindOfFile(name, mimeType);
  if (!kind) return null;
  return {
    id,
    name,
    kind,
    sizeBytes: typeof size === 'number' ? size : Number(size) || null,
    thumbnailUrl: null,
  };
}

// Dropbox API v2 (www.dropbox.com/developers/documentation/http/documentation) ---------------------------------

interface DropboxEntry {
  '.tag': 'file' | 'folder' | 'deleted';
  id: string;
  name: string;
  size?: number;
}

const dropbox: CloudAdapter = {
  authorizeUrl: 'https://www.dropbox.com/oauth2/authorize',
  tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
  scopes: ['account_info.read', 'files.metadata.read', 'files.content.read'],
  pkce: false,
  clientAuth: 'body',
  extraAuthorize: { token_access_type: 'offline' },
  async accountName(call) {
    const account = await call<{ name?: { display_name?: string }; email?: string }>(
      'https://api.dropboxapi.com/2/users/get_current_account',
      { method: 'POST' },
    );
    return account.email ?? account.name?.display_name ?? '';
  },
  async list(call, folder) {
    const answer = await call<{ entries: DropboxEntry[] }>('https://api.dropboxapi.com/2/files/list_folder', {
      method: 'POST',
      json: { path: folder ?? '', limit: 200 },
    });
    return sorted(
      answer.entries.flatMap((entry) => {
        if (entry['.tag'] === 'folder') {
          return [
            { id: entry.id, name: entry.name, kind: 'folder' as const, sizeBytes: null, thumbnailUrl: null },
          ];
        }
        const file = entry['.tag'] === 'file' ? fileEntry(entry.id, entry.name, entry.size) : null;
        return file ? [file] : [];
      }),
    );
  },
  async download(_call, { fileId }) {
    return {
      url: 'https://content.dropboxapi.com/2/files/download',
      method: 'POST',
      headers: { 'dropbox-api-arg': JSON.stringify({ path: fileId }) },
      withToken: true,
    };
  },
};

// Google Drive API v3 (developers.google.com/drive/api/reference/rest/v3) ---------------------------------------

const DRIVE_FOLDER = 'application/vnd.google-apps.folder';

const googleDrive: CloudAdapter = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  scopes: ['https://www.googleapis.com/auth/drive.readonly'],
  pkce: false,
  clientAuth: 'body',
  extraAuthorize: { access_type: 'offline', prompt: 'consent' },
  async accountName(call) {
    const about = await call<{ user?: { displayName?: string; emailAddress?: string } }>(
      'https://www.googleapis.com/drive/v3/about?fields=user',
    );
    return about.user?.emailAddress ?? about.user?.displayName ?? '';
  },
  async list(call, folder) {
    const url = new URL('https://www.googleapis.com/drive/v3/files');
    const parent = (folder ?? 'root').replace(/['\\]/g, '');
    url.searchParams.set(
      'q',
      `'${parent}' in parents and trashed = false and (mimeType = '${DRIVE_FOLDER}' or mimeType contains 'image/' or mimeType contains 'video/')`,
    );
    url.searchParams.set('fields', 'files(id,name,mimeType,size,thumbnailLink)');
    url.searchParams.set('pageSize', '200');
    const answer = await call<{
      files: { id: string; name: string; mimeType: string; size?: string; thumbnailLink?: string }[];
    }>(url.toString());
    return sorted(
      answer.files.flatMap((file) => {
        if (file.mimeType === DRIVE_FOLDER) {
          return [
            { id: file.id, name: file.name, kind: 'folder' as const, sizeBytes: null, thumbnailUrl: null },
          ];
        }
        const entry = fileEntry(file.id, file.name, file.size, file.mimeType);
        return entry ? [entry] : [];
      }),
    );
  },
  async download(_call, { fileId }) {
    return {
      url: `https://www.googleapis.com/drive/v3/files/${encodeURIComponent(fileId)}?alt=media`,
      withToken: true,
    };
  },
};

// Microsoft Graph, OneDrive (learn.microsoft.com/graph/api/resources/driveitem) ---------------------------------

interface GraphItem {
  id: string;
  name: string;
  size?: number;
  folder?: unknown;
  file?: { mimeType?: string };
}

const onedrive: CloudAdapter = {
  authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  scopes: ['offline_access', 'User.Read', 'Files.Read'],
  pkce: false,
  clientAuth: 'body',
  async accountName(call) {
    const me = await call<{ displayName?: string; userPrincipalName?: string }>(
      'https://graph.microsoft.com/v1.0/me',
    );
    return me.userPrincipalName ?? me.displayName ?? '';
  },
  async list(call, folder) {
    const path = folder ? `items/${encodeURIComponent(folder)}` : 'root';
    const answer = await call<{ value: GraphItem[] }>(
      `https://graph.microsoft.com/v1.0/me/drive/${path}/children?$top=200`,
    );
    return sorted(
      answer.value.flatMap((item) => {
        if (item.folder) {
          return [
            { id: item.id, name: item.name, kind: 'folder' as const, sizeBytes: null, thumbnailUrl: null },
          ];
        }
        const entry = item.file ? fileEntry(item.id, item.name, item.size, item.file.mimeType) : null;
        return entry ? [entry] : [];
      }),
    );
  },
  async download(_call, { fileId }) {
    return {
      url: `https://graph.microsoft.com/v1.0/me/drive/items/${encodeURIComponent(fileId)}/content`,
      withToken: true,
    };
  },
};

// Canva Connect (canva.dev/docs/connect): designs, and export jobs to poll -------------------------------------

interface CanvaJob {
  job: {
    id: string;
    status: 'in_progress' | 'success' | 'failed';
    urls?: string[];
    error?: { message?: string };
  };
}

/** How often and how long an export job is polled (the job's own 5-minute limit stops it too). */
export const CANVA_POLL = { everyMs: 1_000, times: 120 };

export class CanvaExportError extends Error {}

const canva: CloudAdapter = {
  authorizeUrl: 'https://www.canva.com/api/oauth/authorize',
  tokenUrl: 'https://api.canva.com/rest/v1/oauth/token',
  scopes: ['profile:read', 'design:meta:read', 'design:content:read'],
  pkce: true,
  clientAuth: 'basic',
  async accountName(call) {
    const answer = await call<{ profile?: { display_name?: string } }>(
      'https://api.canva.com/rest/v1/users/me/profile',
    );
    return answer.profile?.display_name ?? '';
  },
  async list(call) {
    const answer = await call<{ items: { id: string; title?: string; thumbnail?: { url?: string } }[] }>(
      'https://api.canva.com/rest/v1/designs?ownership=any&sort_by=modified_descending',
    );
    return answer.items.map((design) => ({
      id: design.id,
      name: design.title || design.id,
      kind: 'design' as const,
      sizeBytes: null,
      thumbnailUrl: design.thumbnail?.url ?? null,
    }));
  },
  async download(call, { fileId, format }, signal) {
    const created = await call<CanvaJob>('https://api.canva.com/rest/v1/exports', {
      method: 'POST',
      json: { design_id: fileId, format: { type: format ?? 'png' } },
    });
    let job = created.job;
    for (let poll = 0; job.status === 'in_progress' && poll < CANVA_POLL.times; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, CANVA_POLL.everyMs));
      signal?.throwIfAborted();
      job = (await call<CanvaJob>(`https://api.canva.com/rest/v1/exports/${encodeURIComponent(job.id)}`)).job;
    }
    const url = job.status === 'success' ? job.urls?.[0] : undefined;
    if (!url) throw new CanvaExportError(job.error?.message ?? job.status);
    // The export's URL is signed and public: fetched without the member's token, through the address policy.
    return { url, withToken: false };
  },
};

export const CLOUD_ADAPTERS: Record<CloudProviderId, CloudAdapter> = {
  dropbox,
  'google-drive': googleDrive,
  onedrive,
  canva,
};

/** A provider URL with its origin replaced by the operator's `<PROVIDER>_BASE_URL` (the fake in tests). */
export function atBase(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const target = new URL(url);
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${target.pathname}${target.search}`;
}
