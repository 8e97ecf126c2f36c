import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMPTY_RECIPE, IMAGE_EDIT_MESSAGES, type ImageEditRecipe } from '@relaycast/shared/image-edit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { mediaFiles } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });
let fx: MediaFixtures;
let dir: string;
/** 200×100 PNG: the left half red, the right half blue. */
let halves: Buffer;
/** 256×256 PNG of noise: compresses badly, so a large resize of it passes the Standard plan's 2 MB. */
let noise: Buffer;

function ffmpeg(...args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

beforeAll(() => {
  fx = makeMediaFixtures();
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-image-edit-'));
  const halvesPath = path.join(dir, 'halves.png');
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=red:s=100x100', '-f', 'lavfi', '-i', 'color=c=blue:s=100x100'],
    ...['-filter_complex', 'hstack', '-frames:v', '1', halvesPath],
  );
  halves = readFileSync(halvesPath);
  const noisePath = path.join(dir, 'noise.png');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=256x256,geq=random(1)*255:random(2)*255:random(3)*255',
    '-frames:v',
    '1',
    noisePath,
  );
  noise = readFileSync(noisePath);
});
afterAll(() => {
  fx.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(user: SignedInUser, name: string, content: Buffer): Promise<string> {
  const res = await uploadFile(s.t.app, user.cookie, name, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

function recipe(changes: Partial<ImageEditRecipe>): ImageEditRecipe {
  return { ...EMPTY_RECIPE, ...changes };
}

/** The stored file decoded to RGB: its size and a reader of one pixel. */
async function pixelsOf(user: SignedInUser, id: string) {
  const file = await user.get(`/api/media/${id}/file`);
  expect(file.statusCode).toBe(200);
  const target = path.join(dir, `${id}.img`);
  writeFileSync(target, file.rawPayload);
  const [width, height] = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0'],
    target,
  ])
    .toString()
    .trim()
    .split(',')
    .map(Number) as [number, number];
  const raw = ffmpeg('-i', target, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const at = (x: number, y: number) => {
    const offset = (y * width + x) * 3;
    return [raw[offset], raw[offset + 1], raw[offset + 2]];
  };
  return { width, height, at };
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

function expectColour(actual: (number | undefined)[], expected: number[], tolerance = 3) {
  actual.forEach((value, index) => {
    expect(Math.abs((value ?? -999) - expected[index]!), `${actual} ≈ ${expected}`).toBeLessThanOrEqual(
      tolerance,
    );
  });
}

describe('POST /api/media/:id/edits', () => {
  it('renders a crop and a resize into a new file that records its source, and leaves the original as it was', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const edit = recipe({
      crop: { x: 100, y: 0, width: 100, height: 100 },
      resize: { width: 50, height: 50 },
    });
    const res = await s.ada.send('POST', `/api/media/${source}/edits`, { recipe: edit });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ name: 'halves (edited).png', mimeType: 'image/png', width: 50, height: 50 });
    expect(item.id).not.toBe(source);
    expect(item.derivedFromId).toBe(source);
    const result = await pixelsOf(s.ada, item.id);
    expectColour(result.at(0, 0), BLUE);
    expectColour(result.at(49, 49), BLUE);

    const [row] = await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.id, item.id));
    expect(row).toMatchObject({ derivedFromId: source, editRecipe: edit, uploadedBy: s.ada.userId });
    const original = await s.ada.get(`/api/media/${source}/file`);
    expect(original.rawPayload.equals(halves)).toBe(true);
    const [sourceRow] = await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.id, source));
    expect(sourceRow).toMatchObject({ width: 200, height: 100, derivedFromId: null, editRecipe: null });
  });

  it('rotates clockwise, then flips', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const rotated = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ rotate: 90 }),
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const turned = await pixelsOf(s.ada, rotated.json().id);
    expect([turned.width, turned.height]).toEqual([100, 200]);
    expectColour(turned.at(50, 10), RED);
    expectColour(turned.at(50, 190), BLUE);

    const flipped = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ flipHorizontal: true }),
    });
    const mirror = await pixelsOf(s.ada, flipped.json().id);
    expectColour(mirror.at(10, 50), BLUE);
    expectColour(mirror.at(190, 50), RED);
  });

  it('applies adjustments and filters with the formulas of CSS filters', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const grey = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ filter: 'grayscale' }),
    });
    expectColour((await pixelsOf(s.ada, grey.json().id)).at(10, 10), [54, 54, 54]);
    const darker = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ adjustments: { brightness: 0.5, contrast: 1, saturation: 1 }, filter: 'invert' }),
    });
    expectColour((await pixelsOf(s.ada, darker.json().id)).at(10, 10), [127, 255, 255]);
  });

  it('draws a logo from the library and a text on its background', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const logo = await upload(s.ada, 'logo.png', fx.png);
    const res = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({
        imageLayers: [{ mediaId: logo, x: 150, y: 50, width: 20, height: 20, opacity: 1 }],
        textLayers: [
          { text: 'Hi', font: 'sans', size: 20, color: '#ffffff', background: '#000000', x: 10, y: 10 },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = await pixelsOf(s.ada, res.json().id);
    expectColour(result.at(160, 60), RED);
    expectColour(result.at(140, 60), BLUE);
    // The background box reaches 5 px (a quarter of the size) around the text.
    expectColour(result.at(7, 7), [0, 0, 0]);
    expectColour(result.at(60, 60), RED);
  });

  it('draws typed text as it is, never as filter syntax or an expansion', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const text = "It's 50% off: %{pts} [x];,\\ ok\nsecond line é 🎉";
    const res = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({
        textLayers: [{ text, font: 'serif', size: 12, color: '#ffff00', background: null, x: 2, y: 2 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.id, res.json().id));
    expect(row?.editRecipe?.textLayers[0]?.text).toBe(text);
  });

  it('refuses a result over the plan’s largest file, storing nothing', async () => {
    const source = await upload(s.ada, 'noise.png', noise);
    const before = await s.t.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.workspaceId, s.ada.workspaceId));
    const res = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ resize: { width: 2400, height: 2400 } }),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
    const after = await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, s.ada.workspaceId));
    expect(after).toHaveLength(before.length);
  });
});

describe('POST /api/media/:id/edits, several at once', () => {
  it('renders two at a time and lets the others wait their turn instead of refusing them', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const sizes = [20, 30, 40, 50, 60];
    const results = await Promise.all(
      sizes.map((width) =>
        s.ada.send('POST', `/api/media/${source}/edits`, {
          recipe: recipe({ resize: { width, height: width / 2 } }),
          name: `halves ${width}.png`,
        }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(sizes.map(() => 201));
    expect(results.map((res) => res.json().width)).toEqual(sizes);
  });
});

describe('POST /api/media/:id/edits refuses', () => {
  it('another workspace’s image as 404, and another workspace’s logo', async () => {
    const adas = await upload(s.ada, 'halves.png', halves);
    const bobs = await upload(s.bob, 'halves.png', halves);
    const res = await s.bob.send('POST', `/api/media/${adas}/edits`, { recipe: EMPTY_RECIPE });
    expect(res.statusCode).toBe(404);
    const layered = await s.bob.send('POST', `/api/media/${bobs}/edits`, {
      recipe: recipe({ imageLayers: [{ mediaId: adas, x: 0, y: 0, width: 10, height: 10, opacity: 1 }] }),
    });
    expect(layered.statusCode).toBe(404);
    expect(layered.json().message).toBe(IMAGE_EDIT_MESSAGES.layerNotFound);
  });

  it('a malformed recipe with a clear message, a crop outside the image, and a video', async () => {
    const source = await upload(s.ada, 'halves.png', halves);
    const tilted = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: { ...EMPTY_RECIPE, rotate: 45 },
    });
    expect(tilted.statusCode).toBe(400);
    expect(tilted.json().message).toContain(IMAGE_EDIT_MESSAGES.rotateQuarter);
    const badColour = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({
        textLayers: [{ text: 'x', font: 'sans', size: 20, color: 'red', background: null, x: 0, y: 0 }],
      }),
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().message).toContain(IMAGE_EDIT_MESSAGES.badColour);
    const outside = await s.ada.send('POST', `/api/media/${source}/edits`, {
      recipe: recipe({ crop: { x: 150, y: 0, width: 100, height: 100 } }),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(IMAGE_EDIT_MESSAGES.cropOutside);
    const video = await upload(s.ada, 'clip.mp4', fx.mp4);
    const notImage = await s.ada.send('POST', `/api/media/${video}/edits`, { recipe: EMPTY_RECIPE });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('NOT_AN_IMAGE');
    const rows = await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.derivedFromId, source));
    expect(rows).toHaveLength(0);
  });
});
