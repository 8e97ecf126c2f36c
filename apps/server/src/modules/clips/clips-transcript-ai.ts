import { readFile } from 'node:fs/promises';
import type { Utterance } from '@relaycast/shared/clip-transcript';
import type { AiConfig } from '../../config/env';
import { runProcess } from '../../lib/media/ffmpeg';

/**
 * The AI provider's speech-to-text (docs/decisions/0050-clip-transcript.md): when the administrator names a model
 * (AI_TRANSCRIPTION_MODEL) and the server's provider speaks OpenAI's API (`openai`, or `openai-compatible` with its
 * AI_BASE_URL), the video's sound goes as a small MP3 (16 kHz mono) to `POST {base}/audio/transcriptions` with
 * `response_format=verbose_json`, whose segments (start, end, text) are the utterances. A refusal, an error or an
 * answer without segments gives null: the caller falls back to the local PocketSphinx.
 */

export interface AiTranscription {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The provider's transcription settings, or null when the server has none. */
export function aiTranscriptionSettings(ai: AiConfig): AiTranscription | null {
  if (!ai.transcriptionModel) return null;
  const baseUrl =
    ai.provider === 'openai'
      ? (ai.baseUrl ?? 'https://api.openai.com/v1')
      : ai.provider === 'openai-compatible'
        ? ai.baseUrl
        : undefined;
  if (!baseUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: ai.apiKey,
    model: ai.transcriptionModel,
    timeoutMs: Math.max(ai.timeoutMs, 120_000),
  };
}

/** ffmpeg arguments writing the first sound track as a 16 kHz mono MP3 (a 10-minute video: about 2.4 MB). */
export function audioExtractArgs(input: string, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input],
    ...[
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-f',
      'mp3',
      output,
    ],
  ];
}

/** The utterances of a `verbose_json` answer; null when it has no segments. */
export function utterancesOfAnswer(answer: unknown, duration: number): Utterance[] | null {
  const segments = (answer as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return null;
  const utterances: Utterance[] = [];
  for (const segment of segments as { start?: unknown; end?: unknown; text?: unknown }[]) {
    const start = Number(segment?.start);
    const end = Math.min(duration, Number(segment?.end));
    const text = typeof segment?.text === 'string' ? segment.text.replace(/\s+/g, ' ').trim() : '';
    if (Number.isFinite(start) && Number.isFinite(end) && start >= 0 && end > start && text !== '') {
      utterances.push({ start: Math.round(start * 1000) / 1000, end: Math.round(end * 1000) / 1000, text });
    }
  }
  return utterances;
}

/** Asks the provider to transcribe the sound of `input`; null when it refuses or fails. */
export async function transcribeWithProvider(
  settings: AiTranscription,
  options: { ffmpegPath: string; input: string; audioFile: string; duration: number },
): Promise<Utterance[] | null> {
  try {
    await runProcess(options.ffmpegPath, audioExtractArgs(options.input, options.audioFile), {
      timeoutMs: 300_000,
    });
    const form = new FormData();
    form.append('file', new Blob([await readFile(options.audioFile)], { type: 'audio/mpeg' }), 'audio.mp3');
    form.append('model', settings.model);
    form.append('response_format', 'verbose_json');
    const response = await fetch(`${settings.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return null;
    return utterancesOfAnswer(await response.json(), options.duration);
  } catch {
    return null;
  }
}
