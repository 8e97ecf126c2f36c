import type { MediaItem } from '@relaycast/shared/media';
import type { Post } from '@relaycast/shared/posts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AttachedMedia } from '@/lib/post-form';
import { fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { type ImageEditorPart, withEditedCopy } from './edit-attached-image';
import { PostComposer } from './post-composer';

const IMAGE: AttachedMedia = {
  id: 'img-1',
  name: 'kite.png',
  mimeType: 'image/png',
  sizeBytes: 2048,
  url: '/api/media/img-1/file',
  thumbnailUrl: null,
  durationSeconds: null,
  width: 800,
  height: 600,
  altText: 'A red kite',
};
const VIDEO: AttachedMedia = { ...IMAGE, id: 'vid-1', name: 'clip.mp4', mimeType: 'video/mp4', altText: '' };
const EDITED: MediaItem = {
  id: 'img-2',
  name: 'kite (edited).png',
  mimeType: 'image/png',
  kind: 'image',
  sizeBytes: 1024,
  width: 338,
  height: 600,
  durationSeconds: null,
  url: '/api/media/img-2/file',
  thumbnailUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  uploadedBy: null,
};

/** Stands in for the image editor's dialog the route hands in: Save gives the edited copy, Cancel nothing. */
const fakeEditor: ImageEditorPart = ({ mediaId, onSaved, onClose }) =>
  mediaId ? (
    <div role="dialog" aria-label={`Editing ${mediaId}`}>
      <button type="button" onClick={() => onSaved(EDITED)}>
        Fake save
      </button>
      <button type="button" onClick={onClose}>
        Fake cancel
      </button>
    </div>
  ) : null;

function renderComposer(imageEditor?: ImageEditorPart) {
  const draft: Post = postFixture({ content: 'Kites', platforms: ['linkedin'], media: [IMAGE, VIDEO] });
  const api = fakeApi({
    'GET /api/accounts': { accounts: [] },
    'PUT /api/posts/p1': ({ body }) => ({ ...draft, ...(body as object) }),
    'GET /api/posts/p1': draft,
    '*': {},
  });
  renderWithProviders(
    <PostComposer
      postId="p1"
      authorName="Ada Lovelace"
      newPostHref="/post-composer"
      onCreated={vi.fn()}
      imageEditor={imageEditor}
    />,
  );
  return api;
}

describe('editing an image attached in the composer', () => {
  it('replaces the attachment by the edited copy, in its place and with its alt text', async () => {
    const user = userEvent.setup();
    const api = renderComposer(fakeEditor);
    await user.click(await screen.findByRole('button', { name: 'Edit image kite.png' }));
    // Only still images have the control.
    expect(screen.queryByRole('button', { name: 'Edit image clip.mp4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fake save' }));
    expect(screen.queryByRole('dialog', { name: 'Editing img-1' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Edit image kite (edited).png' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({
      content: 'Kites',
      mediaIds: ['img-2', 'vid-1'],
      altTexts: { 'img-2': 'A red kite' },
    });
  });

  it('changes nothing when the editor is cancelled', async () => {
    const user = userEvent.setup();
    const api = renderComposer(fakeEditor);
    await user.click(await screen.findByRole('button', { name: 'Edit image kite.png' }));
    await user.click(screen.getByRole('button', { name: 'Fake cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Editing img-1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('PUT /api/posts/p1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/posts/p1')[0]?.body).toMatchObject({ mediaIds: ['img-1', 'vid-1'] });
  });

  it('has no Edit control where the page gives no editor', async () => {
    renderComposer();
    expect(await screen.findByRole('button', { name: /Alt text for kite\.png/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit image kite.png' })).toBeNull();
  });

  it('keeps the list as it is when the original was removed meanwhile', () => {
    expect(withEditedCopy([VIDEO], 'img-1', EDITED)).toEqual([VIDEO]);
    expect(withEditedCopy([VIDEO, IMAGE], 'img-1', EDITED).map((item) => [item.id, item.altText])).toEqual([
      ['vid-1', ''],
      ['img-2', 'A red kite'],
    ]);
  });
});
