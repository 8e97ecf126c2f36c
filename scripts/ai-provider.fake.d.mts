export interface FakeAiRequest {
  body: {
    model?: string;
    stream?: boolean;
    temperature?: number;
    messages: { role: string; content: string }[];
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

export interface FakeAiProvider {
  port: number;
  baseUrl: string;
  requests: FakeAiRequest[];
  setReply(next: FakeAiReplier): void;
  reset(): void;
  close(): Promise<void>;
}

export function defaultReply(body: { stream?: boolean }): FakeAiReply;
export function startFakeAiProvider(options?: {
  port?: number;
  reply?: FakeAiReplier;
}): Promise<FakeAiProvider>;
