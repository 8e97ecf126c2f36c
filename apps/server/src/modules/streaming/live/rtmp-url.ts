/**
 * The OBS server URL a user pastes: the host the user reaches the app on (PUBLIC_URL's when set, see
 * lib/request-origin.ts) and the port of the relay carrying their streams: this node's, or with several nodes the
 * streaming node a new stream is placed on (docs/decisions/0113-streaming-nodes.md).
 */
export function rtmpIngestUrl(hostname: string, port: number): string {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `rtmp://${host}:${port}/live`;
}
