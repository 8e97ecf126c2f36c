import type { Transcript } from '@relaycast/shared/clip-transcript';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clipAnalyses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import type { VideoSignals } from './clips-score';
import { transcribeVideo, wordsPerSecond } from './clips-transcript';
import type { AiTranscription } from './clips-transcript-ai';

/**
 * The transcript an analysis uses (docs/decisions/0050-clip-transcript.md): made now when the request asks for
 * it, else the one stored with the video's last analysis, so analysing again never loses it.
 */
export async function transcriptFor(
  deps: {
    db: Db;
    storage: MediaStorage;
    ffmpegPath: string;
    ffprobePath: string;
    tempDir: string;
    modelDir?: string;
    ai?: AiTranscription | null;
  },
  source: MediaFileRow,
  transcribe: boolean,
): Promise<Transcript | undefined> {
  if (!transcribe || !deps.modelDir) {
    const [row] = await deps.db
      .select({ result: clipAnalyses.result })
      .from(clipAnalyses)
      .where(eq(clipAnalyses.mediaId, source.id))
      .limit(1);
    return row?.result.transcript;
  }
  try {
    return await transcribeVideo(source, { ...deps, modelDir: deps.modelDir });
  } catch {
    throw new AppError('TRANSCRIPTION_FAILED');
  }
}

/** The signals with the transcript's words per second (unchanged without a transcript). */
export function withSpeech(signals: VideoSignals, transcript: Transcript | undefined): VideoSignals {
  if (!transcript) return signals;
  const seconds = Math.max(1, Math.ceil(signals.durationSeconds));
  return { ...signals, speech: wordsPerSecond(transcript.utterances, seconds) };
}
