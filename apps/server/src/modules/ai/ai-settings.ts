import { AI_MESSAGES, type AiSettings, type AiSettingsInput } from '@relaycast/shared/ai';
import type { LanguageModel } from 'ai';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { workspaceAiSettings } from '../../db/schema/index';
import { addressPolicy, checkUrlHost, PrivateAddressError } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { createSafeFetch } from '../../lib/safe-fetch';
import { decryptSecret, encryptSecret, lastFour } from '../../lib/secrets';
import { isWorkspaceAdmin, type WorkspaceContext } from '../workspaces/workspaces.service';
import {
  createLanguageModel,
  effectiveProviderSettings,
  type ProviderOverride,
  type ProviderSettings,
} from './ai-provider';

export function canEditAiSettings(workspace: Pick<WorkspaceContext, 'role'>): boolean {
  return isWorkspaceAdmin(workspace.role);
}

async function loadRow(db: Db, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaceAiSettings)
    .where(eq(workspaceAiSettings.workspaceId, workspaceId));
  return row;
}

/** The provider this workspace's requests go to, or null when neither it nor the server configured one. */
export async function providerSettingsFor(
  db: Db,
  config: Config,
  workspaceId: string,
): Promise<ProviderSettings | null> {
  const row = await loadRow(db, workspaceId);
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

/** The model a request uses: a workspace's own base URL is reached only through the address policy. */
export function languageModelFor(config: Config, settings: ProviderSettings): Promise<LanguageModel> {
  if (!settings.baseUrlFromWorkspace) return createLanguageModel(settings);
  return createLanguageModel(settings, {
    fetch: createSafeFetch(addressPolicy(config.allowPrivateAddresses)),
  });
}

export async function getAiSettings(
  db: Db,
  config: Config,
  workspace: WorkspaceContext,
): Promise<AiSettings> {
  const row = await loadRow(db, workspace.id);
  return {
    provider: row?.provider ?? null,
    baseUrl: row?.baseUrl ?? null,
    model: row?.model ?? null,
    apiKeyLastFour: row?.apiKeyLastFour ?? null,
    canEdit: canEditAiSettings(workspace),
    server: {
      provider: config.ai.provider ?? null,
      model: config.ai.model ?? null,
      baseUrl: config.ai.baseUrl ?? null,
    },
    privateAddressesAllowed: config.allowPrivateAddresses,
  };
}

/** Stores the workspace's provider; the key is encrypted and only its last four characters come back. */
export async function saveAiSettings(
  db: Db,
  config: Config,
  workspace: WorkspaceContext,
  userId: string,
  input: AiSettingsInput,
): Promise<AiSettings> {
  if (!canEditAiSettings(workspace)) throw new AppError('FORBIDDEN', { message: AI_MESSAGES.adminOnly });
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
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(workspaceAiSettings)
    .values({ workspaceId: workspace.id, ...values })
    .onConflictDoUpdate({ target: workspaceAiSettings.workspaceId, set: values });
  return getAiSettings(db, config, workspace);
}
