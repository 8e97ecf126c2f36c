import { PassThrough } from 'node:stream';
import {
  AI_MESSAGES,
  AI_SETUP,
  type AiGenerationKind,
  type AiStreamEvent,
  aiGenerateInputSchema,
  aiHashtagsInputSchema,
  aiHashtagsResultSchema,
  aiHistorySchema,
  aiIdeasInputSchema,
  aiIdeasResultSchema,
  aiSettingsInputSchema,
  aiSettingsSchema,
  aiStatusSchema,
  aiTextResultSchema,
  aiTransformInputSchema,
} from '@relaycast/shared/ai';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import {
  type AiCall,
  generateVariants,
  ideasFromArticle,
  suggestHashtags,
  transformText,
} from './ai.service';
import { type PageFetcher, readArticle } from './ai-article';
import { providerError } from './ai-provider';
import {
  checkWorkspaceBaseUrl,
  getAiSettings,
  languageModelFor,
  providerSettingsFor,
  saveAiSettings,
} from './ai-settings';
import { finishGeneration, listHistory, startGeneration, usageThisHour } from './ai-usage';

export interface AiRoutesOptions {
  db: Db;
  config: Config;
  /** Tests replace the article fetcher; production uses the SSRF-safe one. */
  fetchPage?: PageFetcher;
}

/**
 * The signal a provider request runs under: our deadline, or the browser going away (closing the response
 * before it finished). `timedOut` tells the two apart for the error message.
 */
function callSignal(reply: FastifyReply, timeoutMs: number) {
  const disconnected = new AbortController();
  const deadline = AbortSignal.timeout(timeoutMs);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) disconnected.abort(new Error('client closed the connection'));
  });
  return {
    signal: AbortSignal.any([deadline, disconnected.signal]),
    isTimedOut: () => deadline.aborted,
    isDisconnected: () => disconnected.signal.aborted,
  };
}

// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { db, config, fetchPage }) => {
  /**
   * The start of every provider call: the caller's workspace and its provider (503 when none), the hourly limit
   * checked and the generation recorded, and the signal that ends the call on a timeout or a disconnect.
   */
  async function beginGeneration(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: AiGenerationKind,
    prompt: string,
    options: Record<string, unknown>,
  ) {
    const caller = await callerOf(request);
    const settings = await providerSettingsFor(db, config, caller.workspaceId);
    if (!settings) throw new AppError('AI_NOT_CONFIGURED');
    // A base URL saved before the policy (or by a direct edit) is refused before any usage is counted.
    if (settings.baseUrlFromWorkspace) await checkWorkspaceBaseUrl(config, settings.baseUrl);
    const id = await startGeneration(db, config.ai.hourlyLimit, {
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      kind,
      prompt,
      options,
    });
    return { workspaceId: caller.workspaceId, settings, id, timing: callSignal(reply, config.ai.timeoutMs) };
  }

  /** Checks the provider and the hourly limit, records the request, then runs it with errors mapped. */
  async function runRecorded<T extends Record<string, unknown>>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: AiGenerationKind,
    prompt: string,
    options: Record<string, unknown>,
    work: (call: AiCall) => Promise<T>,
  ): Promise<T & { generationId: string }> {
    const { workspaceId, settings, id, timing } = await beginGeneration(
      request,
      reply,
      kind,
      prompt,
      options,
    );
    try {
      const result = await work({ model: await languageModelFor(config, settings), signal: timing.signal });
      await finishGeneration(db, workspaceId, id, { status: 'done', result });
      return { ...result, generationId: id };
    } catch (error) {
      const mapped = error instanceof AppError ? error : providerError(error, timing.isTimedOut());
      if (!(error instanceof AppError)) request.log.warn({ err: error }, 'AI provider request failed');
      await finishGeneration(db, workspaceId, id, {
        status: timing.isDisconnected() ? 'stopped' : 'failed',
        error: mapped.message,
      });
      throw mapped;
    }
  }

  app.get('/api/ai/status', { schema: { response: { 200: aiStatusSchema } } }, async (request) => {
    const caller = await callerOf(request);
    const settings = await providerSettingsFor(db, config, caller.workspaceId);
    const usage = await usageThisHour(db, caller.workspaceId);
    return {
      isConfigured: settings !== null,
      provider: settings?.provider ?? null,
      model: settings?.model ?? null,
      instructions: settings
        ? null
        : {
            message: AI_MESSAGES.notConfigured,
            variables: [...AI_SETUP.variables],
            ollamaExample: AI_SETUP.ollamaExample,
          },
      hourlyLimit: config.ai.hourlyLimit,
      usedThisHour: usage.total,
    };
  });

  // Server-Sent Events: `data: <AiStreamEvent JSON>` per event. Problems found before the stream starts
  // (not configured, hourly limit, bad input) are ordinary JSON errors; later ones are an `error` event.
  app.post(
    '/api/ai/generate',
    { schema: { body: aiGenerateInputSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const { prompt, ...options } = request.body;
      const { workspaceId, settings, id, timing } = await beginGeneration(
        request,
        reply,
        'generate',
        prompt,
        options,
      );
      const stream = new PassThrough();
      const emit = (event: AiStreamEvent) => {
        if (!stream.writableEnded) stream.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const run = async () => {
        try {
          const variants = await generateVariants(
            { model: await languageModelFor(config, settings), signal: timing.signal },
            prompt,
            options,
            emit,
          );
          await finishGeneration(db, workspaceId, id, { status: 'done', result: { variants } });
          emit({ type: 'done', generationId: id });
        } catch (error) {
          const mapped = error instanceof AppError ? error : providerError(error, timing.isTimedOut());
          if (timing.isDisconnected()) {
            await finishGeneration(db, workspaceId, id, { status: 'stopped', error: AI_MESSAGES.stopped });
          } else {
            if (!(error instanceof AppError)) request.log.warn({ err: error }, 'AI provider request failed');
            await finishGeneration(db, workspaceId, id, { status: 'failed', error: mapped.message });
            emit({ type: 'error', code: mapped.code, message: mapped.message });
          }
        } finally {
          stream.end();
        }
      };
      void run();
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      return reply.send(stream as unknown as string);
    },
  );

  app.post(
    '/api/ai/transform',
    { schema: { body: aiTransformInputSchema, response: { 200: aiTextResultSchema } } },
    async (request, reply) => {
      const { text, ...options } = request.body;
      return runRecorded(request, reply, 'transform', text, options, async (call) => ({
        text: await transformText(call, request.body),
      }));
    },
  );

  app.post(
    '/api/ai/hashtags',
    { schema: { body: aiHashtagsInputSchema, response: { 200: aiHashtagsResultSchema } } },
    async (request, reply) => {
      const { text, platform } = request.body;
      return runRecorded(request, reply, 'hashtags', text, { platform }, async (call) => ({
        hashtags: await suggestHashtags(call, text, platform as PlatformId | undefined),
      }));
    },
  );

  app.post(
    '/api/ai/ideas',
    { schema: { body: aiIdeasInputSchema, response: { 200: aiIdeasResultSchema } } },
    async (request, reply) => {
      const { url } = request.body;
      await callerOf(request);
      // The page is read before the request is counted: a refused or broken address costs no usage.
      const article = await readArticle(url, fetchPage, {
        policy: addressPolicy(config.allowPrivateAddresses),
      });
      return runRecorded(request, reply, 'ideas', url, {}, async (call) => ({
        url,
        title: article.title,
        ideas: await ideasFromArticle(call, article),
      }));
    },
  );

  app.get('/api/ai/history', { schema: { response: { 200: aiHistorySchema } } }, async (request) => {
    const caller = await callerOf(request);
    return { items: await listHistory(db, caller.workspaceId) };
  });

  app.get('/api/ai/settings', { schema: { response: { 200: aiSettingsSchema } } }, async (request) => {
    return getAiSettings(db, config, await callerOf(request));
  });

  app.put(
    '/api/ai/settings',
    {
      config: { permission: 'manageWorkspace', permissionMessage: AI_MESSAGES.adminOnly },
      schema: { body: aiSettingsInputSchema, response: { 200: aiSettingsSchema } },
    },
    async (request) => {
      return saveAiSettings(db, config, await callerOf(request), request.body);
    },
  );
};
