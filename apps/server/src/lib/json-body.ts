/** Room for an answer's UTF-8 bytes while it is encoded; a larger answer is encoded by `Buffer.from`. */
const scratch = Buffer.allocUnsafeSlow(1 << 20);
const encoder = new TextEncoder();

/**
 * An answer as the bytes written to the socket. A string payload costs Fastify a `Buffer.byteLength` pass for
 * its Content-Length and the socket a second pass to encode it; encoding once into a scratch buffer and copying
 * the bytes out is a third of both (on the calendar's 110 KB page, 0.2 ms against 0.65 ms:
 * docs/decisions/0129-answers-encoded-once.md). The copy is taken before anything else runs, so the next answer
 * can reuse the scratch buffer while this one is still being written.
 */
export function jsonBody(data: unknown): Buffer {
  const text: string | undefined = JSON.stringify(data);
  // Nothing to write (an answer of `undefined`): an empty body, as a serializer's `undefined` gave.
  if (text === undefined) return Buffer.alloc(0);
  const { read, written } = encoder.encodeInto(text, scratch);
  if (read !== text.length) return Buffer.from(text);
  return Buffer.from(scratch.subarray(0, written));
}

/**
 * `jsonBody` as a route's serializer. Fastify's types say a serializer returns a string, but Fastify writes a
 * Buffer payload as it is, with its length as the Content-Length (fastify/lib/reply.js, `onSendEnd`);
 * response-serializer.test.ts checks the bytes and the header.
 */
export const jsonBodySerializer = jsonBody as unknown as (data: unknown) => string;
