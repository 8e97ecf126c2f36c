import { userNameSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { nameSchema } from '@relaycast/shared/names';
import { APIError } from 'better-auth/api';
import { type ZodType, z } from 'zod';

// The one name rule (packages/shared/src/names.ts, decision 0060), here for Better Auth's own endpoints.
const userName = userNameSchema;
const workspaceName = nameSchema({
  max: 120,
  required: AUTH_MESSAGES.workspaceNameInvalid,
  tooLong: AUTH_MESSAGES.workspaceNameInvalid,
});
/** The personal workspace's slug is `ws-` and a lowercased base64url id; others follow the same alphabet. */
const workspaceSlug = z
  .string(AUTH_MESSAGES.workspaceSlugInvalid)
  .max(64, AUTH_MESSAGES.workspaceSlugInvalid)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, AUTH_MESSAGES.workspaceSlugInvalid);

/**
 * Rules for the Better Auth endpoints whose input goes into a NOT NULL or unique-indexed column without a
 * length check of Better Auth's own (a null name, a 900 KB slug would be a database error, a 500). Other
 * keys pass through to Better Auth's own validation.
 */
const RULES: Record<string, ZodType> = {
  '/update-user': z.looseObject({ name: userName.optional() }),
  '/organization/create': z.looseObject({ name: workspaceName, slug: workspaceSlug }),
  '/organization/update': z.looseObject({
    data: z.looseObject({ name: workspaceName.optional(), slug: workspaceSlug.optional() }).optional(),
  }),
  '/organization/check-slug': z.looseObject({ slug: workspaceSlug }),
};

/** A list's limit or offset, as a query string gives it or as a number: a negative one is a database error. */
const pageNumber = z
  .union(
    [
      z.string().regex(/^\d{1,9}$/, AUTH_MESSAGES.pageInvalid),
      z
        .number()
        .int(AUTH_MESSAGES.pageInvalid)
        .min(0, AUTH_MESSAGES.pageInvalid)
        .max(999_999_999, AUTH_MESSAGES.pageInvalid),
    ],
    AUTH_MESSAGES.pageInvalid,
  )
  .optional();
const pageQuery = z.looseObject({ limit: pageNumber, offset: pageNumber });

/** Rules for the query of Better Auth's endpoints that pass a list's limit and offset to the database as given. */
const QUERY_RULES: Record<string, ZodType> = {
  '/organization/list-members': pageQuery,
};

/** The fields that name where Better Auth sends the browser next (body or query, on any endpoint). */
const CALLBACK_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'];

/**
 * A path of this site (`/…`, not `//…`) or a full URL. Better Auth's origin check lets other strings through
 * as "relative", then fails to parse them when it redirects (a 500).
 */
function isUsableCallback(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return URL.canParse(value);
}

function refuse(message: string): never {
  throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message });
}

/** Throws Better Auth's 400 with the product's message when an endpoint's input breaks the rules above. */
export function assertAuthInput(path: string, body: unknown, query: unknown): void {
  for (const source of [body, query]) {
    if (!source || typeof source !== 'object') continue;
    const fields = source as Record<string, unknown>;
    if (CALLBACK_FIELDS.some((field) => !isUsableCallback(fields[field])))
      refuse(AUTH_MESSAGES.callbackUrlInvalid);
  }
  check(RULES[path], body);
  check(QUERY_RULES[path], query);
}

function check(rule: ZodType | undefined, input: unknown) {
  if (!rule) return;
  const result = rule.safeParse(input ?? {});
  if (!result.success) refuse(result.error.issues[0]?.message ?? GENERIC_MESSAGES.validation);
}
