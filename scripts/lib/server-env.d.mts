export declare const SERVER_MALLOC_TUNABLES: string;
export declare const SERVER_NODE_OPTIONS: string;
export declare function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function setsMallocThresholds(tunables?: string): boolean;
export declare function setsPoolSize(options?: string): boolean;
