import { useCallback, useEffect, useRef, useState } from 'react';
import { useUploadMedia } from '@/api/media';
import { isAbortError } from '@/lib/upload';

/** Uploads running at once; the others wait their turn (each still has its own row and progress bar). */
export const MAX_PARALLEL_UPLOADS = 3;
/** How long a finished upload stays in the list, so its "Uploaded" state is seen. */
const DONE_VISIBLE_MS = 4000;

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadEntry {
  id: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  /** The server's message when it refused the file. */
  error?: string;
}

let nextId = 0;

/** One row per chosen file: queued, uploading with progress, done, or failed with the server's reason. */
export function useUploadQueue() {
  const { mutateAsync } = useUploadMedia();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const waiting = useRef<UploadEntry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const active = useRef(0);
  const upload = useRef(mutateAsync);
  upload.current = mutateAsync;

  const update = useCallback((id: string, patch: Partial<UploadEntry>) => {
    setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  }, []);
  const remove = useCallback((id: string) => {
    setEntries((list) => list.filter((entry) => entry.id !== id));
  }, []);

  const pump = useCallback(() => {
    while (active.current < MAX_PARALLEL_UPLOADS && waiting.current.length > 0) {
      const entry = waiting.current.shift();
      if (!entry) break;
      const controller = new AbortController();
      controllers.current.set(entry.id, controller);
      active.current += 1;
      update(entry.id, { status: 'uploading' });
      upload
        .current({
          file: entry.file,
          signal: controller.signal,
          onProgress: ({ fraction }) => update(entry.id, { progress: fraction }),
        })
        .then(() => {
          update(entry.id, { status: 'done', progress: 1 });
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            remove(entry.id);
          }, DONE_VISIBLE_MS);
          timers.current.add(timer);
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) remove(entry.id);
          else
            update(entry.id, {
              status: 'failed',
              error: error instanceof Error ? error.message : String(error),
            });
        })
        .finally(() => {
          controllers.current.delete(entry.id);
          active.current -= 1;
          pump();
        });
    }
  }, [update, remove]);

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map<UploadEntry>((file) => {
        nextId += 1;
        return { id: `upload-${nextId}`, file, status: 'queued', progress: 0 };
      });
      if (added.length === 0) return;
      waiting.current.push(...added);
      setEntries((list) => [...list, ...added]);
      pump();
    },
    [pump],
  );

  /** Stops an upload (or takes a waiting file off the list); for a failed one, just hides it. */
  const dismiss = useCallback(
    (id: string) => {
      waiting.current = waiting.current.filter((entry) => entry.id !== id);
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else remove(id);
    },
    [remove],
  );

  // Leaving the page lets running uploads finish (the list refreshes when they do); only timers stop.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return { entries, addFiles, dismiss };
}
