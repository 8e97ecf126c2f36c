// A local server that speaks the OpenAI-compatible chat completions protocol (`POST …/chat/completions`,
// JSON and Server-Sent Events streaming) and its image endpoint (`POST …/images/generations`, answering
// `{data:[{b64_json}]}` with a small real PNG, or what `setImageReply` says). The server's tests, the browser tests and the benchmark point
// AI_BASE_URL at it. It records every request it receives (and whether the caller hung up before the answer
// ended) so tests can check what Relaycast sent.
import http from 'node:http';

/**
 * The default answer: a short post streamed a token at a time, deterministic so tests can wait for it.
 * @param {{ stream?: boolean }} body
 */
export function defaultReply(body) {
  const tokens = ['Fresh ', 'coffee, ', 'fresh ', 'ideas. ', 'Come ', 'by ', 'today! ', '#coffee'];
  return body.stream ? { kind: 'stream', tokens, delayMs: 0 } : { kind: 'json', text: tokens.join('') };
}

/** A 64×64 blue PNG: what the fake's image endpoint draws. */
export const FAKE_IMAGE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAeklEQVR4nO3PUQkAIBTAwFfJTpa1lSH8OITBAtxm7fN1wwUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWPHYBnX/hPDq0HjsAAAAASUVORK5CYII=';

/** @param {any} _body */
export function defaultImageReply(_body) {
  return { kind: 'image', b64: FAKE_IMAGE_PNG_BASE64 };
}

/**
 * @param {{ port?: number, reply?: (body: any, request: any) => any, imageReply?: (body: any) => any }} [options]
 */
export async function startFakeAiProvider(options = {}) {
  /** @type {any[]} */
  const requests = [];
  let reply = options.reply ?? defaultReply;
  let imageReply = options.imageReply ?? defaultImageReply;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      if (req.url?.endsWith('/images/generations') && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        requests.push({ body, headers: req.headers, url: req.url, closedEarly: false, finished: true });
        await sendImage(res, await imageReply(body));
        return;
      }
      if (!req.url?.endsWith('/chat/completions') || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const record = { body, headers: req.headers, url: req.url, closedEarly: false, finished: false };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.closedEarly = true;
      });
      const answer = await reply(body, record);
      await send(res, body, answer);
      record.finished = res.writableFinished;
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** @param {(body: any, request: any) => any} next */
    setReply(next) {
      reply = next;
    },
    /** @param {(body: any) => any} next */
    setImageReply(next) {
      imageReply = next;
    },
    reset() {
      requests.length = 0;
      reply = options.reply ?? defaultReply;
      imageReply = options.imageReply ?? defaultImageReply;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(model, delta, finishReason = null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

async function sendImage(res, answer) {
  if (answer.kind === 'error') {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: answer.message ?? `error ${answer.status}`, type: 'fake' } }));
    return;
  }
  if (answer.kind === 'hang') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ created: 1_700_000_000, data: answer.b64 ? [{ b64_json: answer.b64 }] : [] }));
}

async function send(res, body, answer) {
  const model = body.model ?? 'fake-model';
  if (answer.kind === 'error') {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: answer.message ?? `error ${answer.status}`, type: 'fake' } }));
    return;
  }
  if (answer.kind === 'hang') {
    // Headers and nothing else: a provider stuck before its first token.
    res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
    res.flushHeaders();
    return;
  }
  if (answer.kind === 'json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
    return;
  }
  // Streaming: one SSE event per token, then the finish reason and [DONE].
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const write = (data) => {
    if (!res.destroyed) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
  write(chunk(model, { role: 'assistant', content: '' }));
  for (const token of answer.tokens) {
    if (res.destroyed) return;
    if (answer.delayMs) await sleep(answer.delayMs);
    write(chunk(model, { content: token }));
  }
  if (answer.hangAfterTokens) return;
  write(chunk(model, {}, 'stop'));
  write('[DONE]');
  res.end();
}
