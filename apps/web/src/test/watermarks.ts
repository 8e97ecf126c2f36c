import type { Watermark } from '@relaycast/shared/watermarks';
import { postFixture } from '@/test/posts';

/** The composer's watermark tests' data: two saved watermarks and a LinkedIn post with one photo. */
export const LOGO: Watermark = {
  id: 'wm-logo',
  name: 'Logo',
  imageMediaId: 'm-logo',
  imageUrl: '/api/media/m-logo/file',
  opacity: 60,
  size: 20,
  position: 'bottom-right',
  margin: 3,
  updatedAt: '2026-11-26T10:00:00.000Z',
};
export const CORNER: Watermark = {
  ...LOGO,
  id: 'wm-corner',
  name: 'Corner',
  position: 'top-left',
  opacity: 100,
};

export const POST = postFixture({
  content: 'Our new shop',
  platforms: ['linkedin'],
  media: [
    {
      id: 'm-photo',
      name: 'shop.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 1000,
      url: '/api/media/m-photo/file',
      thumbnailUrl: null,
      durationSeconds: null,
      width: 1200,
      height: 800,
    },
  ],
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  targets: [
    {
      id: 't1',
      platform: 'linkedin',
      accountId: 'a1',
      accountHandle: 'acme',
      status: 'draft',
      attempts: 0,
      dueAt: null,
      lastError: null,
      platformPostId: null,
      url: null,
      publishedAt: null,
    },
  ],
});
