import { forbiddenMessage } from '@relaycast/shared/roles';
import { STREAMING_MESSAGES, type StreamSlate } from '@relaycast/shared/streaming';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { mediaFiles } from '../../db/schema/index';
import { joined } from '../approvals/approvals.test-support';
import { insertMedia } from '../posts/posts.test-support';

/**
 * The workspace's slate (docs/decisions/0101-slate-on-dropped-source.md): a library image or the default card,
 * chosen by those who may stream; the live engine reads it (slate-integration.test.ts).
 */
const s = useTestApp({ olive: 'Olive Owner', bob: 'Bob Elsewhere' });
let viewer: SignedInUser;
let image: string;
let video: string;
let bobsImage: string;

beforeAll(async () => {
  viewer = await joined({ t: s.t, owner: s.olive }, 'viewer', 'Vic Viewer');
  image = await insertMedia(s.t, s.olive.workspaceId, {
    name: 'brb.png',
    mimeType: 'image/png',
    sizeBytes: 10,
  });
  video = await insertMedia(s.t, s.olive.workspaceId, {
    name: 'intro.mp4',
    mimeType: 'video/mp4',
    sizeBytes: 10,
  });
  bobsImage = await insertMedia(s.t, s.bob.workspaceId, {
    name: 'b.png',
    mimeType: 'image/png',
    sizeBytes: 10,
  });
});

const slateOf = async (user: SignedInUser) =>
  ((await user.get('/api/streaming/slate')).json() as StreamSlate).slate;

describe('the workspace slate', () => {
  it('is the default card until an image of the library is chosen, then that image for every member', async () => {
    expect(await slateOf(s.olive)).toBeNull();
    const saved = await s.olive.send('PUT', '/api/streaming/slate', { mediaId: image });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ slate: { mediaId: image, name: 'brb.png' } });
    expect(await slateOf(viewer)).toEqual({ mediaId: image, name: 'brb.png' });
    expect(await slateOf(s.bob)).toBeNull();
  });

  it('refuses a video, another workspace’s image, a malformed body and a viewer, and keeps what was saved', async () => {
    const notImage = await s.olive.send('PUT', '/api/streaming/slate', { mediaId: video });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(STREAMING_MESSAGES.slateNotImage);
    const elsewhere = await s.olive.send('PUT', '/api/streaming/slate', { mediaId: bobsImage });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(STREAMING_MESSAGES.mediaNotFound);
    expect((await s.olive.send('PUT', '/api/streaming/slate', { mediaId: 42 })).statusCode).toBe(400);
    expect((await s.olive.send('PUT', '/api/streaming/slate', {})).statusCode).toBe(400);
    const refused = await viewer.send('PUT', '/api/streaming/slate', { mediaId: null });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'stream'));
    expect(await slateOf(s.olive)).toEqual({ mediaId: image, name: 'brb.png' });
  });

  it('goes back to the default card when chosen, or when its image leaves the library', async () => {
    expect((await s.olive.send('PUT', '/api/streaming/slate', { mediaId: null })).json()).toEqual({
      slate: null,
    });
    await s.olive.send('PUT', '/api/streaming/slate', { mediaId: image });
    await s.t.db.delete(mediaFiles).where(eq(mediaFiles.id, image));
    expect(await slateOf(s.olive)).toBeNull();
  });
});
