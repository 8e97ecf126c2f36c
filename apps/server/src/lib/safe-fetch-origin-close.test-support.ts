import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { addressPolicy } from './address-policy';
import { createSafeFetch } from './safe-fetch';

/**
 * Run as its own process by safe-fetch-origin-close.test.ts: an origin that answers with a fixed-length body
 * and `Connection: close`, then ends the socket, while the client has not read the body yet (the HTTP/1 parser
 * is paused under backpressure when the FIN arrives). Before undici's fix (docs/decisions/0057) the socket's
 * `end` handler threw an AssertionError no caller could catch, and the process died. Prints one JSON line:
 * per framing and body size, the bytes read or the error the fetch reported.
 */
const SIZES_KIB = [16, 24, 32, 48, 64, 96];
const UNREAD_WAIT_MS = 100;

/** How the origin frames its answer: an honest Content-Length, one larger than what it sends, or none (EOF). */
type Framing = 'length' | 'short' | 'eof';

function head(framing: Framing, bytes: number): string {
  if (framing === 'eof') return 'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n';
  const declared = framing === 'short' ? bytes * 2 : bytes;
  return `HTTP/1.1 200 OK\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`;
}

async function fetchWithoutReading(
  framing: Framing,
  bodyBytes: number,
): Promise<{ bytes?: number; error?: string }> {
  const body = Buffer.alloc(bodyBytes, 0x61);
  let originSocket: Socket | undefined;
  const origin = createServer((socket) => {
    originSocket = socket;
    socket.once('data', () => {
      socket.write(head(framing, body.length));
      socket.write(body);
      socket.end();
    });
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  const { port } = origin.address() as { port: number };
  try {
    const response = await createSafeFetch(addressPolicy(true))(`http://127.0.0.1:${port}/video.mp4`);
    // A client that took in the whole answer and its FIN closes its side (and crashed there, before the fix);
    // one whose socket still holds unread data does nothing more, and no event says so: a short wait then.
    if (originSocket && !originSocket.destroyed) {
      await Promise.race([once(originSocket, 'close'), setTimeout(UNREAD_WAIT_MS)]);
    }
    return { bytes: (await response.arrayBuffer()).byteLength };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    origin.close();
  }
}

const results: Record<string, { bytes?: number; error?: string }> = {};
for (const framing of ['length', 'short', 'eof'] as const) {
  for (const kib of SIZES_KIB) {
    results[`${framing} ${kib * 1024}`] = await fetchWithoutReading(framing, kib * 1024);
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);
