import { i18n } from '@/i18n';

/** "3 files", "1 file", in the interface's language. */
export function formatFileCount(count: number): string {
  return i18n.getFixedT(null, 'media-library')('{{count}} files', { count });
}
