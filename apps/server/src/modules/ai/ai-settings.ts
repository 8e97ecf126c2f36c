import type { AiSettings, AiSettingsInput } from '@relaycast/shared/ai';
import { roleCan } from '@relaycast/shared/roles';
import type { ImageModel, LanguageModel } from 'ai';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { keptAnswers } from '../../db/kept-answers';
import { workspaceAiSettings } from '../../db/schema/index';
import { addressPolicy, checkUrlHost, PrivateAddressError } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { createSafeFetch } from '../../lib/safe-fetch';
import { decryptSecret, encryptSecret, lastFour } from '../../lib/secrets';
import {
  createImageModel,
  createLanguageModel,
  effectiveProviderSettings,
  type ProviderOverride,
  type ProviderSettings,
} from './ai-provider';

async function loadRow(db: Db, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaceAiSettings)
    .where(eq(workspaceAiSettings.workspaceId, workspaceId));
  return row;
}

/** The one table the provider settings read; its writes drop what is kept (migration 0064 on PostgreSQL). */
export const AI_SETTINGS_TABLES = ['workspace_ai_settings'] as const;
const KEPT_WORKSPACES = 10_000;
/**
 * A workspace's row, kept between AI requests until a write to the table (docs/decisions/0136, db/kept-answers.ts);
 * the API key stays encrypted in it and is decrypted for each call.
 */
const keptRows = keptAnswers<Awaited<ReturnType<typeof loadRow>> | null>(AI_SETTINGS_TABLES, KEPT_WORKSPACES);

/** The provider this workspace's requests go to, or null when neither it nor the server configured one. */
export async function providerSettingsFor(
  db: Db,
  config: Config,
  workspaceId: string,
): Promise<ProviderSettings | null> {
  const row = await keptRows(db, workspaceId, async () => (await loadRow(db, workspaceId)) ?? null);
  const override: ProviderOverride | null = row
    ? {
        provider: row.provider,
        baseUrl: row.baseUrl,
        model: row.model,
        apiKey: row.apiKeyEncrypted ? decryptSecret(row.apiKeyEncrypted, config.appSecret) : null,
      }
    : null;
  return effectiveProviderSettings(config.ai, override);
}

/**
 * Refuses a workspace's base URL inside the server's network (400, nothing saved or sent) unless the
 * administrator allows private addresses. A name that does not resolve (yet) is let through: the call itself
 * connects through the safe fetch, which checks again and reports what it finds.
 */
export async function checkWorkspaceBaseUrl(config: Config, baseUrl: string | null | undefined) {
  if (!baseUrl || config.allowPrivateAddresses) return;
  try {
    await checkUrlHost(new URL(baseUrl), addressPolicy(false));
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw new AppError('PRIVATE_ADDRESS', { message: error.message });
    }
  }
}

/** Models already made, by everything that makes them differ (at most KEPT_MODELS, then it starts again). */
const keptModels = new Map<string, Promise<LanguageModel>>();
const KEPT_MODELS = 64;

/**
 * The model a request uses: a workspace's own base URL is reached only through the address policy. A model is a
 * description of its provider (no connection, no state between calls), and making one builds its response
 * schemas, which were then compiled again on their first answer: it is made once per settings and reused.
 */
export function languageModelFor(config: Config, settings: ProviderSettings): Promise<LanguageModel> {
  const viaPolicy = Boolean(settings.baseUrlFromWorkspace);
  // The address policy's setting matters only to a model that goes through it.
  const policy = viaPolicy ? config.allowPrivateAddresses : null;
  const key = JSON.stringify([settings.provider, settings.baseUrl, settings.model, settings.apiKey, policy]);
  let model = keptModels.get(key);
  if (!model) {
    model = viaPolicy
      ? createLanguageModel(settings, { fetch: createSafeFetch(addressPolicy(config.allowPrivateAddresses)) })
      : createLanguageModel(settings);
    if (keptModels.size >= KEPT_MODELS) keptModels.clear();
    keptModels.set(key, model);
    // A model that could not be made is not kept.
    model.catch(() => keptModels.delete(key));
  }
  return model;
}

/** The image model a request uses, under the same address policy as `languageModelFor`. */
export function imageModelFor(
  config: Config,
  settings: ProviderSettings,
  modelId: string,
): Promise<ImageModel> {
  if (!settings.baseUrlFromWorkspace) return createImageModel(settings, modelId);
  return createImageModel(settings, modelId, {
    fetch: createSafeFetch(addressPolicy(config.allowPrivateAddresses)),
  });
}

export async function getAiSettings(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'workspaceId' | 'role'>,
): Promise<AiSettings> {
  const row = await loadRow(db, caller.workspaceId);
  return {
    provider: row?.provider ?? null,
    baseUrl: row?.baseUrl ?? null,
    model: row?.model ?? null,
    apiKeyLastFour: row?.apiKeyLastFour ?? null,
    // Whether PUT /api/ai/settings would let the caller in: it declares `manageWorkspace`.
    canEdit: roleCan(caller.role, 'manageWorkspace'),
    server: {
      provider: config.ai.provider ?? null,
      model: config.ai.model ?? null,
      baseUrl: config.ai.baseUrl ?? null,
    },
    privateAddressesAllowed: config.allowPrivateAddresses,
  };
}

/**
 * Stores the workspace's provider (owners and admins: the route declares `manageWorkspace`); the key is encrypted
 * and only its last four characters come back.
 */
export async function saveAiSettings(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'workspaceId' | 'userId' | 'role'>,
  input: AiSettingsInput,
): Promise<AiSettings> {
  await checkWorkspaceBaseUrl(config, input.baseUrl);
  const key =
    input.apiKey === undefined
      ? {}
      : input.apiKey === ''
        ? { apiKeyEncrypted: null, apiKeyLastFour: null }
        : {
            apiKeyEncrypted: encryptSecret(input.apiKey, config.appSecret),
            apiKeyLastFour: lastFour(input.apiKey),
          };
  const values = {
    provider: input.provider,
    baseUrl: input.baseUrl || null,
    model: input.model || null,
    ...key,
    updatedBy: caller.userId,
    updatedAt: new Date(),
  };
  await db
    .insert(workspaceAiSettings)
    .values({ workspaceId: caller.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceAiSettings.workspaceId, set: values });
  return getAiSettings(db, config, caller);
}
