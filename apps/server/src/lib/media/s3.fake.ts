import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

/**
 * A tiny local stand-in for an S3-compatible store, path-style (`/<bucket>/<key>`), speaking the subset the
 * media storage uses: PutObject, GetObject (with Range) and DeleteObject. It checks that every request is
 * SigV4-signed with the expected access key; it does not verify the signature itself.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, FakeS3Object>();
  const requests: { method: string; key: string; authorization: string }[] = [];

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const error = (code: string, status: number) => ({
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const authorization = req.headers.authorization ?? '';
    requests.push({ method: req.method ?? '', key, authorization });
    const send = (status: number, body: string | Buffer = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
      const e = error('AccessDenied', 403);
      return send(e.status, e.body, { 'content-type': 'application/xml' });
    }
    if (bucket !== options.bucket) {
      const e = error('NoSuchBucket', 404);
      return send(e.status, e.body, { 'content-type': 'application/xml' });
    }
    if (req.method === 'PUT') {
      const body = await readBody(req);
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
      return send(200, '', { etag: '"fake"' });
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        const e = error('NoSuchKey', 404);
        return send(e.status, e.body, { 'content-type': 'application/xml' });
      }
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), object.body.length - 1);
        return send(206, object.body.subarray(start, end + 1), {
          'content-type': object.contentType,
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
          'content-length': String(end - start + 1),
        });
      }
      return send(200, object.body, {
        'content-type': object.contentType,
        'content-length': String(object.body.length),
      });
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    return send(405);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
