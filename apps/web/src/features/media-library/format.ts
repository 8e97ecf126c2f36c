import { i18n } from '@/i18n';

/** A video's length as a badge shows it: 0:07, 2:05, 1:02:03. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** "3 files", "1 file", in the interface's language. */
export function formatFileCount(count: number): string {
  return i18n.getFixedT(null, 'media-library')('{{count}} files', { count });
}
