import { i18n } from '@/i18n';
import { ApiError, toApiError } from './api-client';

/** The English text (tests compare against it); the error itself carries it in the interface's language. */
export const UPLOAD_NETWORK_ERROR = 'The upload was interrupted. Check your connection and try again.';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface UploadOptions {
  /** Multipart field name of the file. */
  field?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data and resolves with the JSON answer. XMLHttpRequest rather than fetch,
 * because only XHR reports upload progress. A refusal rejects with the server's ApiError (its message is
 * meant for the user); an abort rejects with a DOMException named AbortError.
 */
export function uploadFile<T>(url: string, file: File, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || !options.onProgress) return;
      options.onProgress({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total });
    });
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      reject(toApiError(url, xhr.status, body, xhr.statusText));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(
        new ApiError(
          0,
          'NETWORK_ERROR',
          i18n.t('The upload was interrupted. Check your connection and try again.', { ns: 'common' }),
        ),
      );
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });

    const form = new FormData();
    form.append(options.field ?? 'file', file, file.name);
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
