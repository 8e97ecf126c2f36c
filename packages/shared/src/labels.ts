import { z } from 'zod';

/**
 * Post labels (docs/labels.md, docs/decisions/0112-post-labels.md): a workspace's named, coloured tags put on
 * posts to sort the calendar and the drafts (Buffer's "tags", Publer's and Hootsuite's labels). A name is unique
 * in its workspace whatever its case; a colour is one of a small fixed palette.
 */

export const LABEL_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** The colour a label gets when none is chosen (a new label in the composer or in a bulk import). */
export const DEFAULT_LABEL_COLOR: LabelColor = 'blue';

/** Hex values the web app paints each colour with (background of the chip; its text is dark or white). */
export const LABEL_COLOR_HEX: Record<LabelColor, string> = {
  gray: '#6b7280',
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#ca8a04',
  green: '#16a34a',
  teal: '#0d9488',
  blue: '#2563eb',
  purple: '#9333ea',
  pink: '#db2777',
};

export const LABEL_LIMITS = {
  /** Labels a workspace keeps. */
  maxLabels: 50,
  /** Characters of a label's name. */
  maxName: 40,
  /** Labels on one post. */
  maxPerPost: 10,
} as const;

/** Between label names in a bulk import's `labels` column. */
export const LABEL_SEPARATOR = ';';

export const LABEL_MESSAGES = {
  nameRequired: 'Give the label a name.',
  nameTooLong: `A label’s name is at most ${LABEL_LIMITS.maxName} characters.`,
  nameHasSeparator: `A label’s name cannot contain "${LABEL_SEPARATOR}".`,
  nameTaken: (name: string) => `A label named "${name}" already exists in this workspace.`,
  unknownColor: `Choose one of the colours: ${LABEL_COLORS.join(', ')}.`,
  tooMany: `A workspace keeps at most ${LABEL_LIMITS.maxLabels} labels. Delete one first.`,
  tooManyOnPost: `A post has at most ${LABEL_LIMITS.maxPerPost} labels.`,
  notFound: 'Label not found.',
  nothingToChange: 'Give a new name or a new colour.',
  /** A post names a label that is not one of its workspace's (deleted, or never there). */
  unknownOnPost: 'One of the chosen labels no longer exists in this workspace.',
  created: 'Label created',
  saved: 'Label saved',
  deleted: 'Label deleted: the posts that had it keep everything else.',
} as const;

/** A label's name as typed: trimmed, inner runs of blanks made one space. */
export function normalizeLabelName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The key two names are the same label by (case does not make a label different). */
export function labelKey(name: string): string {
  return normalizeLabelName(name).toLowerCase();
}

/** What is wrong with a label's name, or null. */
export function labelNameProblem(name: string): string | null {
  const normalized = normalizeLabelName(name);
  if (!normalized) return LABEL_MESSAGES.nameRequired;
  if (normalized.length > LABEL_LIMITS.maxName) return LABEL_MESSAGES.nameTooLong;
  if (normalized.includes(LABEL_SEPARATOR)) return LABEL_MESSAGES.nameHasSeparator;
  return null;
}

export const labelNameSchema = z
  .string({ message: LABEL_MESSAGES.nameRequired })
  .transform(normalizeLabelName)
  .superRefine((name, ctx) => {
    const problem = labelNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const labelColorSchema = z.enum(LABEL_COLORS, { message: LABEL_MESSAGES.unknownColor });

/** `POST /api/labels`. */
export const labelInputSchema = z.strictObject({
  name: labelNameSchema,
  color: labelColorSchema.default(DEFAULT_LABEL_COLOR),
});
export type LabelInput = z.input<typeof labelInputSchema>;

/** `PATCH /api/labels/:id`: rename, recolour, or both. */
export const labelUpdateSchema = z
  .strictObject({ name: labelNameSchema.optional(), color: labelColorSchema.optional() })
  .refine((value) => value.name !== undefined || value.color !== undefined, {
    message: LABEL_MESSAGES.nothingToChange,
  });
export type LabelUpdate = z.input<typeof labelUpdateSchema>;

export const labelSchema = z.object({ id: z.string(), name: z.string(), color: z.enum(LABEL_COLORS) });
export type Label = z.infer<typeof labelSchema>;

export const labelListSchema = z.object({ labels: z.array(labelSchema) });
export type LabelList = z.infer<typeof labelListSchema>;

/** A post's labels in its create/edit body (`labelIds`): left out, the stored labels stay; `[]` removes them. */
export const postLabelIdsSchema = z
  .array(z.string().min(1).max(100))
  .max(LABEL_LIMITS.maxPerPost, LABEL_MESSAGES.tooManyOnPost)
  .transform((ids) => [...new Set(ids)]);

/** The posts carrying the label ('' : all of them): the calendar's and the drafts' filter. */
export function postsWithLabel<T extends { labels?: readonly { id: string }[] }>(
  posts: readonly T[],
  labelId: string,
): T[] {
  if (!labelId) return [...posts];
  return posts.filter((post) => post.labels?.some((label) => label.id === labelId));
}
