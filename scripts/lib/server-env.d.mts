export declare const SERVER_MALLOC_TUNABLES: string;
export declare function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function setsMmapThreshold(tunables?: string): boolean;
