export interface FakeAiRequest {
  body: {
    model?: string;
    stream?: boolean;
    temperature?: number;
    messages: { role: string; content: string }[];
    /** Image requests (`/images/generations`). */
    prompt?: string;
    size?: string;
    n?: number;
    response_format?: string;
  };
  headers: Record<string, string | string[] | undefined>;
  url: string;
  /** The caller closed the connection before the answer ended (Stop, a timeout). */
  closedEarly: boolean;
  finished: boolean;
}

export type FakeAiReply =
  | { kind: 'stream'; tokens: string[]; delayMs?: number; hangAfterTokens?: boolean }
  | { kind: 'json'; text: string }
  | { kind: 'error'; status: number; message?: string }
  | { kind: 'hang' };

export type FakeAiReplier = (
  body: FakeAiRequest['body'],
  request: FakeAiRequest,
) => FakeAiReply | Promise<FakeAiReply>;

/** The image endpoint's answer: a base64 picture (an empty `b64` answers no image), an error, or nothing. */
export type FakeImageReply =
  | { kind: 'image'; b64: string }
  | { kind: 'error'; status: number; message?: string }
  | { kind: 'hang' };

export const FAKE_IMAGE_PNG_BASE64: string;
export function defaultImageReply(body: unknown): FakeImageReply;

export interface FakeAiProvider {
  port: number;
  baseUrl: string;
  requests: FakeAiRequest[];
  setReply(next: FakeAiReplier): void;
  setImageReply(next: (body: FakeAiRequest['body']) => FakeImageReply | Promise<FakeImageReply>): void;
  reset(): void;
  close(): Promise<void>;
}

export function defaultReply(body: { stream?: boolean }): FakeAiReply;
export function startFakeAiProvider(options?: {
  port?: number;
  reply?: FakeAiReplier;
  imageReply?: (body: FakeAiRequest['body']) => FakeImageReply | Promise<FakeImageReply>;
}): Promise<FakeAiProvider>;
