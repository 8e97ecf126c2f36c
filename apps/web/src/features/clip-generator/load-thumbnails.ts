import type { Snapshot } from '@relaycast/shared/youtube';

/** How long a thumbnail may take before the generation counts as failed. */
const THUMBNAIL_TIMEOUT_MS = 15_000;

function loadImage(src: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => fail(new Error(`Timed out loading ${src}`)), THUMBNAIL_TIMEOUT_MS);
    const cleanup = () => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: Error) => {
      cleanup();
      image.src = '';
      reject(error);
    };
    const onAbort = () => fail(new Error('Cancelled'));
    image.onload = () => {
      cleanup();
      if (image.naturalWidth > 0) resolve();
      else reject(new Error(`Empty image at ${src}`));
    };
    image.onerror = () => fail(new Error(`Could not load ${src}`));
    signal.addEventListener('abort', onAbort);
    image.src = src;
  });
}

/** Resolves once every snapshot's thumbnail has loaded; rejects if any cannot be loaded. */
export async function loadThumbnails(snapshots: readonly Snapshot[], signal: AbortSignal): Promise<void> {
  await Promise.all(snapshots.map((snapshot) => loadImage(snapshot.thumbnail, signal)));
}
