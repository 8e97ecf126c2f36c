import { CLOUD_PROVIDER_IDS, CLOUD_PROVIDERS, type CloudProviderId } from '@relaycast/shared/cloud-drives';
import { z } from 'zod';

/**
 * Cloud import's settings (docs/media-import.md, decision 0105), read by env.ts: per provider the OAuth app's two
 * keys (CLOUD_PROVIDERS' envVars: DROPBOX_APP_KEY/SECRET, GOOGLE_DRIVE_…, ONEDRIVE_…, CANVA_…) and
 * `<PROVIDER>_BASE_URL`, which replaces the origin of every URL the adapter calls (the local fake in tests).
 */

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalBase = optional.refine(
  (value) => value === undefined || value.startsWith('http://') || value.startsWith('https://'),
  { message: 'must start with http:// or https://' },
);

const baseUrlName = (provider: CloudProviderId) => `${provider.toUpperCase().replace('-', '_')}_BASE_URL`;

export const cloudDrivesEnvShape = Object.fromEntries(
  CLOUD_PROVIDER_IDS.flatMap((provider) => [
    ...CLOUD_PROVIDERS[provider].envVars.map((name) => [name, optional]),
    [baseUrlName(provider), optionalBase],
  ]),
) as Record<string, typeof optional>;

export interface CloudDriveSettings {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Replaces the origin of every URL the adapter calls; undefined: the provider's own. */
  baseUrl: string | undefined;
}

export function readCloudDrivesEnv(
  env: Record<string, unknown>,
): Record<CloudProviderId, CloudDriveSettings> {
  const read = (name: string) => env[name] as string | undefined;
  return Object.fromEntries(
    CLOUD_PROVIDER_IDS.map((provider) => {
      const [idName, secretName] = CLOUD_PROVIDERS[provider].envVars;
      return [
        provider,
        { clientId: read(idName), clientSecret: read(secretName), baseUrl: read(baseUrlName(provider)) },
      ];
    }),
  ) as Record<CloudProviderId, CloudDriveSettings>;
}
