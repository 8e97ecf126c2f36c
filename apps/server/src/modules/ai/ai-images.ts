import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AI_IMAGE_MESSAGES, type AiImageSize, type AiImageStatus } from '@relaycast/shared/ai-images';
import type { MediaLimits } from '@relaycast/shared/plans';
import { truncateToGraphemes } from '@relaycast/shared/text';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error';
import { type MediaFileRow, newMediaId, storageUsedBytes, storeMedia } from '../media/media.service';
import { probeReceivedFile, type ReceivedFileDeps } from '../media/media-probe';
import { fileTooLargeError } from '../media/media-upload';
import { imageModelNameFor, providerError } from './ai-provider';
import { checkWorkspaceBaseUrl, imageModelFor, providerSettingsFor } from './ai-settings';
import { finishGeneration, startGeneration } from './ai-usage';

/**
 * AI images (docs/ai-images.md, docs/decisions/0089-ai-images-and-link-import.md): one picture per request through
 * the workspace's provider (the AI SDK's `generateImage`, `POST {base}/images/generations`), counted against the
 * same hourly AI limit as the assistant, checked on its bytes and stored in the media library with its prompt,
 * model and provider as the file's `generation`.
 */

export type AiImageDeps = ReceivedFileDeps;

/** Image generation is slower than text: at least this long is allowed whatever AI_TIMEOUT_MS says. */
const MIN_IMAGE_TIMEOUT_MS = 120_000;

/** What the control shows: whether it can generate, and otherwise what to set. */
export async function aiImageStatus(deps: Pick<AiImageDeps, 'db' | 'config'>, workspaceId: string) {
  const settings = await providerSettingsFor(deps.db, deps.config, workspaceId);
  const model = settings ? imageModelNameFor(deps.config.ai, settings) : null;
  const status: AiImageStatus = {
    isConfigured: model !== null,
    provider: settings?.provider ?? null,
    model,
    message: model ? null : AI_IMAGE_MESSAGES.notConfigured,
  };
  return status;
}

/** The library's name of a generated image: the start of its prompt. */
export function imageNameOf(prompt: string, extension: string): string {
  const words = truncateToGraphemes(prompt.replace(/\s+/g, ' ').trim(), 60).trim();
  return `AI image – ${words}.${extension}`;
}

async function requestImage(deps: AiImageDeps, modelId: string, input: ImageRequest) {
  // Imported on first use, like the provider SDKs (ai-provider.ts).
  const { generateImage } = await import('ai');
  const result = await generateImage({
    model: await imageModelFor(deps.config, input.settings, modelId),
    prompt: input.prompt,
    n: 1,
    size: input.size,
    maxRetries: 0,
    abortSignal: input.signal,
  });
  const image = result.images[0];
  if (!image) throw new AppError('AI_NO_IMAGE');
  return image.uint8Array;
}

interface ImageRequest {
  prompt: string;
  size: AiImageSize;
  signal: AbortSignal;
  settings: NonNullable<Awaited<ReturnType<typeof providerSettingsFor>>>;
}

/** Checks the bytes the provider sent and stores them as a new library file. */
async function storeImage(
  deps: AiImageDeps,
  owner: { workspaceId: string; userId: string; limits: MediaLimits },
  bytes: Uint8Array,
  generation: { prompt: string; model: string; provider: string; size: string },
): Promise<MediaFileRow> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected?.mime.startsWith('image/')) throw new AppError('AI_NO_IMAGE');
  const name = imageNameOf(generation.prompt, detected.ext === 'jpg' ? 'jpg' : detected.ext);
  if (bytes.byteLength > owner.limits.maxFileSizeBytes) throw fileTooLargeError(name, owner.limits);
  await deps.disk.assertRoom(bytes.byteLength);
  const id = newMediaId();
  const tempPath = path.join(deps.tempDir, id);
  await writeFile(tempPath, bytes, { flag: 'wx' });
  let thumbnailPath: string | null = null;
  try {
    const file = await probeReceivedFile(deps.processor, {
      id,
      name,
      path: tempPath,
      sizeBytes: bytes.byteLength,
      mimeType: detected.mime,
    });
    thumbnailPath = file.thumbnail?.path ?? null;
    return await storeMedia(deps.db, deps.storage, { ...owner, file: { ...file, generation } });
  } finally {
    await rm(tempPath, { force: true });
    if (thumbnailPath) await rm(thumbnailPath, { force: true });
  }
}

/**
 * Generates one image and adds it to the caller's library. Nothing is counted when the provider cannot make
 * images; a provider failure is counted (the request went out) and worded as the assistant's are.
 */
export async function generateAiImage(
  deps: AiImageDeps,
  owner: { workspaceId: string; userId: string; limits: MediaLimits },
  input: { prompt: string; size: AiImageSize },
  signal: AbortSignal,
): Promise<MediaFileRow> {
  const { db, config } = deps;
  const settings = await providerSettingsFor(db, config, owner.workspaceId);
  const modelId = settings ? imageModelNameFor(config.ai, settings) : null;
  if (!settings || !modelId) throw new AppError('AI_IMAGES_NOT_CONFIGURED');
  if (settings.baseUrlFromWorkspace) await checkWorkspaceBaseUrl(config, settings.baseUrl);
  const usedBytes = await storageUsedBytes(db, owner.workspaceId);
  if (owner.limits.storageBytes !== null && usedBytes >= owner.limits.storageBytes) {
    throw new AppError('STORAGE_FULL', { values: [AI_IMAGE_MESSAGES.badge, owner.limits, usedBytes] });
  }
  const generationId = await startGeneration(db, config.ai.hourlyLimit, {
    workspaceId: owner.workspaceId,
    userId: owner.userId,
    kind: 'image',
    prompt: input.prompt,
    options: { size: input.size, model: modelId },
  });
  const deadline = AbortSignal.timeout(Math.max(config.ai.timeoutMs, MIN_IMAGE_TIMEOUT_MS));
  const callSignal = AbortSignal.any([deadline, signal]);
  try {
    const bytes = await requestImage(deps, modelId, {
      ...input,
      settings,
      signal: callSignal,
    });
    const row = await storeImage(deps, owner, bytes, {
      prompt: input.prompt,
      model: modelId,
      provider: settings.provider,
      size: input.size,
    });
    await finishGeneration(db, owner.workspaceId, generationId, {
      status: 'done',
      result: { mediaId: row.id },
    });
    return row;
  } catch (error) {
    const mapped = error instanceof AppError ? error : mapImageError(error, deadline.aborted);
    if (!(error instanceof AppError)) deps.log.warn({ err: error }, 'AI image request failed');
    await finishGeneration(db, owner.workspaceId, generationId, {
      status: signal.aborted ? 'stopped' : 'failed',
      error: mapped.message,
    });
    throw mapped;
  }
}

function mapImageError(error: unknown, timedOut: boolean): AppError {
  if ((error as { name?: string })?.name === 'AI_NoImageGeneratedError') return new AppError('AI_NO_IMAGE');
  return providerError(error, timedOut);
}
