import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import NodeMediaServer, { type NmsSession } from 'node-media-server';
import Context from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';

/** The only RTMP application the relay serves: rtmp://host:port/live/<key>. */
export const RELAY_APP = 'live';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export interface RelayLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RelayOptions {
  host: string;
  /** 0: any free port. */
  port: number;
  dataDir: string;
  /** How long a publish stays open after the publisher drops, so OBS can resume (node-media-server: 30 s). */
  reconnectGraceMs: number;
  log: RelayLog;
  /** Is this key allowed to publish? Unknown keys are closed at once. */
  authorizePublish(key: string): Promise<boolean>;
  /** A publish was accepted (also called when the same publisher resumes within the grace). */
  onPublish(key: string): void;
  /**
   * The publish ended for good: the grace ran out, or at once when the publisher stopped on purpose (`stopped`:
   * it sent RTMP `deleteStream`, as OBS's Stop Streaming and ffmpeg at the end of its input do; a dropped
   * connection sends nothing).
   */
  onPublishEnd(key: string, ending: { stopped: boolean }): void;
}

export interface Relay {
  readonly port: number;
  /** Where our own ffmpeg publishes to or reads from. */
  localUrl(key: string): string;
  isPublishing(key: string): boolean;
  /** Drops the publisher of a key now, without the reconnect grace (End Stream for OBS). */
  dropPublisher(key: string): void;
  /**
   * Closes every reader of a key: our ffmpeg processes get end-of-file and finish cleanly (trailer written,
   * RTMP unpublished) instead of waiting on a publish that will not come back. ffmpeg's first SIGINT does
   * not interrupt a blocked network read.
   */
  closeReaders(key: string): void;
  /** What the relay counts of a publisher (OBS): bytes received so far and the frame rate it announced. */
  publisherStats(key: string): { inBytes: number; fps: number | null } | null;
  /** The picture and sound a publisher announced (its onMetaData); null fields when it did not say. */
  publisherFormat(key: string): PublisherFormat | null;
  stop(): Promise<void>;
}

export interface PublisherFormat {
  width: number | null;
  height: number | null;
  fps: number | null;
  sampleRate: number | null;
  channels: number | null;
}

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip.startsWith('127.');
}

function keyOf(session: NmsSession): string | null {
  if (session.streamApp !== RELAY_APP || !KEY_PATTERN.test(session.streamName)) return null;
  return session.streamName;
}

/**
 * node-media-server v4 as the RTMP relay. We own the listening socket (port 0 works, and a port in use is an
 * error we report instead of node-media-server's process.exit) and hand each connection to its RTMP server.
 * node-media-server keeps its state in a module-wide context, so one relay runs per process.
 */
// function-budget: the RTMP relay's one closure over node-media-server, its socket and its sessions
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const storeDir = path.join(options.dataDir, 'relay');
  mkdirSync(storeDir, { recursive: true });
  const nms = new NodeMediaServer({
    bind: options.host,
    store: { path: storeDir, maxHistory: 100 },
    webadmin: { enable: false },
  });
  nmsLogger.level = 'error';
  await nms.run();

  const accepted = new Map<string, string>(); // nms session id → key
  const stopped = new Set<string>(); // nms session ids that said deleteStream
  const checks = new Map<string, Promise<boolean>>();

  const authorize = (session: NmsSession): Promise<boolean> => {
    let check = checks.get(session.id);
    if (!check) {
      const key = keyOf(session);
      check = key ? options.authorizePublish(key).catch(() => false) : Promise.resolve(false);
      checks.set(session.id, check);
    }
    return check;
  };

  const onPrePublish = (session: NmsSession) => {
    if (!keyOf(session)) {
      options.log.warn({ ip: session.ip }, 'relay refused a publish: malformed stream key');
      session.close();
      return;
    }
    void authorize(session).then((ok) => {
      if (!ok) {
        options.log.warn({ ip: session.ip }, 'relay refused a publish: unknown stream key');
        session.close();
      }
    });
  };

  // node-media-server emits postPublish even for a session prePublish closed, and before it refuses a
  // second publisher on a busy path: check the key again and that this session really is the publisher.
  const onPostPublish = (session: NmsSession) => {
    void authorize(session).then((ok) => {
      checks.delete(session.id);
      const key = keyOf(session);
      const broadcast = Context.broadcasts.get(session.streamPath);
      if (!ok || !key || broadcast?.publisher !== session) {
        if (!ok) session.close();
        return;
      }
      broadcast.publishGraceMs = options.reconnectGraceMs;
      accepted.set(session.id, key);
      // node-media-server ignores deleteStream; a publisher that says it is done needs no reconnect grace.
      if (session.rtmp) {
        session.rtmp.onDeleteStream = () => {
          stopped.add(session.id);
          if (broadcast.publisher === session) broadcast.publishGraceMs = 0;
          session.close();
        };
      }
      options.onPublish(key);
    });
  };

  const onDonePublish = (session: NmsSession) => {
    checks.delete(session.id);
    const key = accepted.get(session.id);
    const ending = { stopped: stopped.delete(session.id) };
    if (!key) return;
    accepted.delete(session.id);
    options.onPublishEnd(key, ending);
  };

  // Only our own ffmpeg processes read from the relay.
  const onPrePlay = (session: NmsSession) => {
    if (!isLoopback(session.ip)) session.close();
  };

  const listeners: [string, (session: NmsSession) => void][] = [
    ['prePublish', onPrePublish],
    ['postPublish', onPostPublish],
    ['donePublish', onDonePublish],
    ['prePlay', onPrePlay],
  ];
  for (const [event, listener] of listeners) Context.eventEmitter.on(event, listener);

  const server = net.createServer((socket) => nms.rtmpServer.handleRequest(socket));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    for (const [event, listener] of listeners) Context.eventEmitter.off(event, listener);
    await nms.stop();
    throw err;
  }
  server.on('error', (err) => options.log.warn({ err: String(err) }, 'RTMP relay socket error'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.log.info({ port }, 'RTMP relay listening');

  return {
    port,
    localUrl: (key) => `rtmp://127.0.0.1:${port}/${RELAY_APP}/${key}`,
    isPublishing(key) {
      return Context.broadcasts.get(`/${RELAY_APP}/${key}`)?.getPublishStatus() === 'publishing';
    },
    dropPublisher(key) {
      const broadcast = Context.broadcasts.get(`/${RELAY_APP}/${key}`);
      if (!broadcast?.publisher) return;
      broadcast.publishGraceMs = 0;
      broadcast.publisher.close();
    },
    publisherStats(key) {
      const publisher = Context.broadcasts.get(`/${RELAY_APP}/${key}`)?.publisher;
      if (!publisher) return null;
      return { inBytes: publisher.inBytes, fps: publisher.videoFramerate || null };
    },
    publisherFormat(key) {
      const publisher = Context.broadcasts.get(`/${RELAY_APP}/${key}`)?.publisher;
      if (!publisher) return null;
      return {
        width: positive(publisher.videoWidth),
        height: positive(publisher.videoHeight),
        fps: positive(publisher.videoFramerate),
        sampleRate: positive(publisher.audioSamplerate),
        channels: positive(publisher.audioChannels),
      };
    },
    closeReaders(key) {
      const broadcast = Context.broadcasts.get(`/${RELAY_APP}/${key}`);
      for (const reader of broadcast?.subscribers.values() ?? []) reader.close();
    },
    async stop() {
      for (const [event, listener] of listeners) Context.eventEmitter.off(event, listener);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await nms.stop();
    },
  };
}
