import { z } from 'zod';
import { nameSchema } from './names';
import { PLAN_IDS } from './plans';

/**
 * Several workspaces per user (docs/decisions/0044-workspaces.md): the switcher lists the caller's
 * workspaces, and an owner creates, renames and deletes them. Plan limits count across every workspace the
 * paying owner owns.
 */

export const WORKSPACE_NAME_MAX = 80;
/** The most (non-demo) workspaces one person may own. */
export const MAX_OWNED_WORKSPACES = 10;

export const WORKSPACE_MESSAGES = {
  nameRequired: 'Enter a name for the workspace.',
  nameTooLong: `A workspace name has at most ${WORKSPACE_NAME_MAX} characters.`,
  nameInvalid: 'A workspace name cannot contain line breaks or other control characters.',
  tooMany: `You already own ${MAX_OWNED_WORKSPACES} workspaces, the most one person can own. Delete one you no longer use first.`,
  notFound: 'That workspace does not exist or you are not a member of it.',
  confirmNameWrong: 'Type the workspace name exactly as it is shown to delete it.',
  lastOwned: 'This is the only workspace you own, and you always keep one. Create another workspace first.',
  subscriptionActive:
    'This workspace still has a paid subscription. Cancel it in Manage billing on the Plan & usage page, then delete the workspace.',
  created: 'Workspace created.',
  renamed: 'Workspace renamed.',
  deleted: 'Workspace deleted.',
  logoInvalid: 'The logo must be a PNG, JPEG or WebP image.',
  logoTooLarge: 'The logo must be 100 KB or smaller.',
  logoSaved: 'Logo saved.',
  logoRemoved: 'Logo removed.',
} as const;

/**
 * The workspace's logo, shown in the white-label header of its analytics reports (docs/decisions/0079): a small
 * PNG, JPEG or WebP held in the value itself (a data: URL), so the server's Chromium never fetches an address a
 * workspace chose. SVG is refused (it can carry scripts).
 */
export const WORKSPACE_LOGO_MAX_BYTES = 100 * 1024;
export const WORKSPACE_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** `PUT /api/workspaces/current/logo`: a data: URL, or null to remove it. */
export const workspaceLogoInputSchema = z.object({
  logo: z
    .string()
    .max(Math.ceil((WORKSPACE_LOGO_MAX_BYTES * 4) / 3) + 40, WORKSPACE_MESSAGES.logoTooLarge)
    .regex(LOGO_DATA_URL, WORKSPACE_MESSAGES.logoInvalid)
    .nullable(),
});
export type WorkspaceLogoInput = z.infer<typeof workspaceLogoInputSchema>;
export const workspaceLogoSchema = z.object({ logo: z.string().nullable() });
export type WorkspaceLogo = z.infer<typeof workspaceLogoSchema>;

/** The one name rule (names.ts): one line, no control or direction characters, no web address. */
export const workspaceNameSchema = nameSchema({
  max: WORKSPACE_NAME_MAX,
  required: WORKSPACE_MESSAGES.nameRequired,
  tooLong: WORKSPACE_MESSAGES.nameTooLong,
  invalidCharacters: WORKSPACE_MESSAGES.nameInvalid,
});

/** `POST /api/workspaces` and `PATCH /api/workspaces/current`. */
export const workspaceNameInputSchema = z.object({ name: workspaceNameSchema });
export type WorkspaceNameInput = z.infer<typeof workspaceNameInputSchema>;

/** `DELETE /api/workspaces/current`: the workspace's name typed exactly, as the confirmation. */
export const deleteWorkspaceSchema = z.object({
  name: z
    .string({ error: WORKSPACE_MESSAGES.confirmNameWrong })
    .max(200, WORKSPACE_MESSAGES.confirmNameWrong),
});
export type DeleteWorkspaceInput = z.infer<typeof deleteWorkspaceSchema>;

export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's role in it. */
  role: z.string(),
  isCurrent: z.boolean(),
  /** The generated demo workspace of "Try with demo data" (analytics), labelled as such wherever it is named. */
  isDemo: z.boolean(),
  /** The plan whose limits apply, and whether it is on a trial / paused. */
  effectivePlan: z.enum(PLAN_IDS),
  onTrial: z.boolean(),
  publishingBlocked: z.boolean(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** `GET /api/workspaces`: the caller's workspaces (their demo workspace among them, flagged), the current one first. */
export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSummarySchema) });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

export const createdWorkspaceSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type CreatedWorkspace = z.infer<typeof createdWorkspaceSchema>;
