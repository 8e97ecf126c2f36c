// The parts of node-media-server 4.4.3 the relay uses (the package ships no types).
declare module 'node-media-server' {
  interface NmsSession {
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    inBytes: number;
    videoFramerate: number;
    videoWidth: number;
    videoHeight: number;
    audioSamplerate: number;
    audioChannels: number;
    /** RTMP sessions only: the protocol parser, whose deleteStream handler is a no-op to override. */
    rtmp?: { onDeleteStream(message: unknown): void };
    close(): void;
  }
  class NodeMediaServer {
    constructor(config: Record<string, unknown>);
    rtmpServer: { handleRequest(socket: import('node:net').Socket): void };
    run(): Promise<void>;
    stop(): Promise<void>;
  }

  export type { NmsSession };
  export default NodeMediaServer;
}

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';

  const Context: {
    eventEmitter: EventEmitter;
    broadcasts: Map<
      string,
      {
        publishGraceMs: number;
        publisher: import('node-media-server').NmsSession | null;
        subscribers: Map<string, import('node-media-server').NmsSession>;
        getPublishStatus(): 'publishing' | 'reconnecting' | 'idle';
      }
    >;
  };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}
