import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetchWithProgress } from './api-client';

/** A fetch answering a stream of lines, written in the chunks given (a line may straddle two chunks). */
function streaming(chunks: string[], contentType = 'application/x-ndjson; charset=utf-8') {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': contentType } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetchWithProgress', () => {
  it('asks for progress lines, hands each on, and returns the result line’s body', async () => {
    const fetchMock = streaming([
      '{"type":"progress","stage":"fetching","done":0,"of":2}\n{"type":"progress","sta',
      'ge":"fetching","done":2,"of":2}\n',
      '{"type":"result","status":201,"body":{"postIds":["p1"]}}\n',
    ]);
    const seen: unknown[] = [];
    const result = await apiFetchWithProgress(
      '/api/bulk-import',
      { method: 'POST', json: { csv: 'x' } },
      (p) => seen.push(p),
    );
    expect(result).toEqual({ postIds: ['p1'] });
    expect(seen).toEqual([
      { type: 'progress', stage: 'fetching', done: 0, of: 2 },
      { type: 'progress', stage: 'fetching', done: 2, of: 2 },
    ]);
    const headers = (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.accept).toBe('application/x-ndjson');
  });

  it('throws the result line’s refusal as the plain request would, and an early end as an error', async () => {
    streaming([
      '{"type":"result","status":409,"body":{"code":"BULK_IMPORT_REPEATED_FILE","message":"Already imported."}}\n',
    ]);
    const refused = await apiFetchWithProgress('/api/bulk-import', { method: 'POST' }, () => {}).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'BULK_IMPORT_REPEATED_FILE' });

    streaming(['{"type":"progress","stage":"saving","done":0,"of":3}\n']);
    const cut = await apiFetchWithProgress('/api/bulk-import', { method: 'POST' }, () => {}).catch((e) => e);
    expect(cut).toMatchObject({ status: 502, code: 'STREAM_ENDED' });
  });

  it('reads a plain JSON answer (an error before the work began) as apiFetch does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"VALIDATION_ERROR","message":"Bad"}', { status: 400 })),
    );
    const error = await apiFetchWithProgress('/api/bulk-import/preview', { method: 'POST' }, () => {}).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
