import { deflateSync } from 'node:zlib';
import { type FakeRequest, type FakeServer, startFakeServer } from '../../../platforms/testing/server.fake';

/**
 * A stand-in for the part of the Unsplash API the media library calls (server tests and the browser tests' global
 * setup), on the platform fakes' harness: `GET /search/photos`, `GET /photos/:id`, `GET /photos/:id/download` (the
 * `download_location` Unsplash counts a photo's use by: `downloads` records each call) and the images themselves
 * under `/images/`, so every URL it answers points at the fake. Every API call must carry
 * `Authorization: Client-ID <accessKey>` (401 otherwise, as Unsplash answers). A test makes the next calls fail with
 * `server.failNext` (Unsplash's rate limit is a 403 "Rate Limit Exceeded" with `X-Ratelimit-Remaining: 0`).
 */

export interface UnsplashFake {
  url: string;
  server: FakeServer;
  accessKey: string;
  /** `download_location` calls by photo id. */
  downloads: Map<string, number>;
  close(): Promise<void>;
}

/** Photos each search finds: three pages of 20, the last one short. */
const TOTAL = 45;
const PHOTOGRAPHERS = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 96×64 PNG, a vertical gradient from one colour (picked by `seed`) to black. */
export function gradientPng(seed: number): Buffer {
  const [width, height] = [96, 64];
  const base = [(seed * 67) % 256, (seed * 131 + 80) % 256, (seed * 29 + 160) % 256];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const shade = 1 - y / (height * 1.5);
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round((base[c] as number) * shade);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo as the API describes it; `id` is `<query>-<n>`. */
function photoOf(url: string, id: string) {
  const n = Number(id.split('-').pop()) || 0;
  const name = PHOTOGRAPHERS[n % PHOTOGRAPHERS.length] as string;
  const username = name.toLowerCase().replace(/\s+/g, '');
  const image = (size: string) => `${url}/images/${id}.png?ixid=fake&size=${size}`;
  return {
    id,
    width: 4000 + n,
    height: 3000,
    color: '#0c2640',
    description: null,
    alt_description: `photo ${n} of ${id.replace(/-\d+$/, '')}`,
    urls: {
      raw: image('raw'),
      full: image('full'),
      regular: image('regular'),
      small: image('small'),
      thumb: image('thumb'),
    },
    links: {
      self: `${url}/photos/${id}`,
      html: `https://unsplash.com/photos/${id}`,
      download: `https://unsplash.com/photos/${id}/download`,
      download_location: `${url}/photos/${id}/download?ixid=fake`,
    },
    user: { id: `u-${username}`, username, name, links: { html: `https://unsplash.com/@${username}` } },
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 30) || 'photo';

export async function startUnsplashFake(
  options: { port?: number; accessKey?: string } = {},
): Promise<UnsplashFake> {
  const server = await startFakeServer({ port: options.port });
  const accessKey = options.accessKey ?? 'unsplash-test-key';
  const downloads = new Map<string, number>();
  const authorized = (request: FakeRequest) =>
    request.headers.authorization === `Client-ID ${accessKey}`
      ? null
      : { status: 401, body: { errors: ['OAuth error: The access token is invalid'] } };

  server.route('GET', '/search/photos', (request) => {
    const refused = authorized(request);
    if (refused) return refused;
    const query = request.query.get('query') ?? '';
    const page = Number(request.query.get('page') ?? '1');
    const perPage = Number(request.query.get('per_page') ?? '10');
    if (!query) return { status: 400, body: { errors: ['query is missing'] } };
    const first = (page - 1) * perPage;
    const count = Math.max(0, Math.min(perPage, TOTAL - first));
    const results = Array.from({ length: count }, (_, i) =>
      photoOf(server.url, `${slug(query)}-${first + i + 1}`),
    );
    return { body: { total: TOTAL, total_pages: Math.ceil(TOTAL / perPage), results } };
  });
  server.route(
    'GET',
    '/photos/:id',
    (request) => authorized(request) ?? { body: photoOf(server.url, request.params.id as string) },
  );
  server.route('GET', '/photos/:id/download', (request) => {
    const refused = authorized(request);
    if (refused) return refused;
    const id = request.params.id as string;
    downloads.set(id, (downloads.get(id) ?? 0) + 1);
    return { body: { url: `${server.url}/images/${id}.png?ixid=fake&dl=1` } };
  });
  server.route('GET', '/images/:file', (request) => {
    const n =
      Number(
        (request.params.file as string)
          .replace(/\.png$/, '')
          .split('-')
          .pop(),
      ) || 0;
    return { headers: { 'content-type': 'image/png' }, body: gradientPng(n) };
  });

  return { url: server.url, server, accessKey, downloads, close: () => server.close() };
}
