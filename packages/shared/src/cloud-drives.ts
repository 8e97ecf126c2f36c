import { z } from 'zod';

/**
 * Cloud import (docs/media-import.md, decision 0105): a member connects their Dropbox, Google Drive, OneDrive or
 * Canva account by OAuth, browses it in the media library's own picker and imports chosen images and videos in the
 * background, as an import from a link (media-imports.ts) whose source is the file at the provider.
 */

export const CLOUD_PROVIDER_IDS = ['dropbox', 'google-drive', 'onedrive', 'canva'] as const;
export type CloudProviderId = (typeof CLOUD_PROVIDER_IDS)[number];

/** Each provider's name and the environment variables the operator sets to enable it. */
export const CLOUD_PROVIDERS: Record<CloudProviderId, { name: string; envVars: readonly [string, string] }> =
  {
    dropbox: { name: 'Dropbox', envVars: ['DROPBOX_APP_KEY', 'DROPBOX_APP_SECRET'] },
    'google-drive': {
      name: 'Google Drive',
      envVars: ['GOOGLE_DRIVE_CLIENT_ID', 'GOOGLE_DRIVE_CLIENT_SECRET'],
    },
    onedrive: { name: 'OneDrive', envVars: ['ONEDRIVE_CLIENT_ID', 'ONEDRIVE_CLIENT_SECRET'] },
    canva: { name: 'Canva', envVars: ['CANVA_CLIENT_ID', 'CANVA_CLIENT_SECRET'] },
  };

/** The formats a Canva design is exported as before it is imported. */
export const CANVA_EXPORT_FORMATS = ['png', 'jpg', 'mp4'] as const;
export type CanvaExportFormat = (typeof CANVA_EXPORT_FORMATS)[number];

/** Files chosen in one import. */
export const MAX_CLOUD_IMPORT_FILES = 5;

export const CLOUD_DRIVE_MESSAGES = {
  notConfigured: (provider: string, variables: string) =>
    `${provider} import is not set up on this server. The operator sets ${variables} (docs/media-import.md).`,
  notConnected: (provider: string) => `Connect your ${provider} account first.`,
  reconnect: (provider: string) =>
    `Your ${provider} connection has expired or was revoked. Connect ${provider} again.`,
  unreachable: (provider: string) => `Could not reach ${provider}. Please try again in a moment.`,
  exportFailed: (provider: string) => `${provider} could not export this design.`,
  unknownProvider: 'Unknown cloud provider.',
  connected: (provider: string) => `${provider} connected`,
  disconnected: (provider: string) => `${provider} disconnected`,
  connectFailed: (provider: string) => `${provider} was not connected. Please try again.`,
  importsStarted: 'Import started',
} as const;

export const cloudProviderStateSchema = z.object({
  id: z.enum(CLOUD_PROVIDER_IDS),
  name: z.string(),
  /** The operator set the provider's keys. */
  configured: z.boolean(),
  /** The variables to set when it is not configured. */
  envVars: z.array(z.string()),
  /** The caller's own connection, when they made one. */
  connection: z
    .object({
      accountName: z.string(),
      status: z.enum(['connected', 'expired']),
      connectedAt: z.string(),
    })
    .nullable(),
});
export type CloudProviderState = z.infer<typeof cloudProviderStateSchema>;
export const cloudProviderListSchema = z.object({ items: z.array(cloudProviderStateSchema) });
export type CloudProviderList = z.infer<typeof cloudProviderListSchema>;

export const cloudProviderParamsSchema = z.object({ provider: z.enum(CLOUD_PROVIDER_IDS) });

export const cloudConnectStartSchema = z.object({ url: z.string() });

export const cloudBrowseQuerySchema = z.object({
  /** A folder's id (none: the top folder); Canva has no folders. */
  folder: z.string().trim().max(1024).optional(),
});

export const cloudEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['folder', 'image', 'video', 'design']),
  sizeBytes: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type CloudEntry = z.infer<typeof cloudEntrySchema>;
export const cloudBrowseSchema = z.object({
  folder: z.string().nullable(),
  items: z.array(cloudEntrySchema),
});
export type CloudBrowse = z.infer<typeof cloudBrowseSchema>;

export const cloudImportSchema = z.object({
  files: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(1024),
        name: z.string().trim().min(1).max(512),
        /** Canva: what the design is exported as (PNG when not given). */
        format: z.enum(CANVA_EXPORT_FORMATS).optional(),
      }),
    )
    .min(1)
    .max(MAX_CLOUD_IMPORT_FILES),
});
export type CloudImport = z.infer<typeof cloudImportSchema>;
