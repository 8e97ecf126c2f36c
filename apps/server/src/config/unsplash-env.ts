import { z } from 'zod';

/** Stock photos from Unsplash (docs/media-import.md, "Unsplash"): the operator's developer app. */
export interface UnsplashConfig {
  /** The app's Access Key, sent as `Authorization: Client-ID <key>`; never reaches the browser. */
  accessKey: string;
  /** https://api.unsplash.com, or a local fake in tests. */
  apiBase: string;
  /** The app's name on Unsplash, the `utm_source` of the credit links. */
  appName: string;
}

/** The Unsplash variables, read by env.ts. */
export const unsplashEnvShape = {
  /** The Access Key of an Unsplash developer app; unset or empty: no stock photos. */
  UNSPLASH_ACCESS_KEY: z.string().trim().optional(),
  /** Where the Unsplash API is (tests point it at a local fake). */
  UNSPLASH_API_BASE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : 'https://api.unsplash.com'))
    .refine((value) => value.startsWith('http://') || value.startsWith('https://'), {
      message: 'must start with http:// or https://',
    }),
  /** `utm_source` of the credit links: the application's name as registered on Unsplash. */
  UNSPLASH_APP_NAME: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || 'relaycast'),
};

export function readUnsplashEnv(env: {
  UNSPLASH_ACCESS_KEY?: string;
  UNSPLASH_API_BASE: string;
  UNSPLASH_APP_NAME: string;
}): UnsplashConfig | undefined {
  if (!env.UNSPLASH_ACCESS_KEY) return undefined;
  return {
    accessKey: env.UNSPLASH_ACCESS_KEY,
    apiBase: env.UNSPLASH_API_BASE,
    appName: env.UNSPLASH_APP_NAME,
  };
}
