import { z } from 'zod';
import { mediaItemSchema } from './media';
import { MAX_POST_CONTENT, POST_STATUSES, type PostStatus } from './posts';

/**
 * Post approvals (docs/decisions/0045-approvals.md). A post written by a member without the
 * `publish` permission (a contributor), or by anyone when the workspace requires approval, waits for an
 * approver (owner, admin, editor) instead of being scheduled. This table is the one definition of the states
 * and of which action moves a post from which state to which; the server applies it, the web shows it.
 */

/** Where a post stands in its approval. `approved` is a post scheduled to publish (post status `scheduled`). */
export const APPROVAL_STATES = [
  'draft',
  'awaiting_approval',
  'approved',
  'changes_requested',
  'rejected',
  'expired',
] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** What moves a post between states. `comment` leaves the state as it is. */
export const APPROVAL_ACTIONS = [
  'submit',
  'approve',
  'request_changes',
  'reject',
  'expire',
  'edit',
  'withdraw',
  'comment',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The allowed transitions: action → the states it may start from and the state it leads to. */
export const APPROVAL_TRANSITIONS: Record<
  Exclude<ApprovalAction, 'comment'>,
  { from: readonly ApprovalState[]; to: ApprovalState }
> = {
  submit: { from: ['draft', 'changes_requested', 'rejected', 'expired'], to: 'awaiting_approval' },
  approve: { from: ['awaiting_approval'], to: 'approved' },
  request_changes: { from: ['awaiting_approval'], to: 'changes_requested' },
  reject: { from: ['awaiting_approval'], to: 'rejected' },
  expire: { from: ['awaiting_approval'], to: 'expired' },
  /** An approved post edited by someone who needs approval goes back to the approvers. */
  edit: { from: ['approved', 'awaiting_approval'], to: 'awaiting_approval' },
  /** Saved back as a draft before (or after) a decision: it leaves the queue. */
  withdraw: { from: ['awaiting_approval', 'changes_requested', 'rejected', 'expired'], to: 'draft' },
};

/** The post statuses of a post that is not (or no longer) approved: never published, its targets stay drafts. */
export const UNAPPROVED_POST_STATUSES = [
  'awaiting_approval',
  'changes_requested',
  'rejected',
  'expired',
] as const satisfies readonly PostStatus[];

export function isUnapprovedStatus(status: string): boolean {
  return (UNAPPROVED_POST_STATUSES as readonly string[]).includes(status);
}

/** The approval state of a post with this status (failed counts as a draft: it is written again). */
export function approvalStateOf(status: PostStatus): ApprovalState {
  switch (status) {
    case 'awaiting_approval':
    case 'changes_requested':
    case 'rejected':
    case 'expired':
      return status;
    case 'scheduled':
      return 'approved';
    default:
      return 'draft';
  }
}

/** The post status a state is stored as. */
export function postStatusOf(state: ApprovalState): PostStatus {
  return state === 'approved' ? 'scheduled' : state;
}

export const APPROVAL_MESSAGES = {
  notAllowed: (action: ApprovalAction, state: ApprovalState) =>
    `This post cannot be ${ACTION_PAST[action]} while it is ${STATE_LABELS[state].toLowerCase()}.`,
  alreadyDecided: 'Another approver has just decided on this post. Reload to see its current state.',
  selfApproval:
    'You cannot approve a post you wrote or submitted: an approval needs a second person. Ask another approver, or send a client review link.',
  weekTooFar: 'Choose a week that starts within the next nine weeks.',
  expiredBeforeApproval: 'The time this post was to be published has passed: it expired without approval.',
  commentTooLong: 'Comments are limited to 2,000 characters.',
  commentRequired: 'Write a comment saying what to change or why the post is rejected.',
  reviewerNameRequired: 'Type your name so the team knows who reviewed.',
  linkNotFound: 'This review link is not valid. Ask for a new link.',
  linkExpired: 'This review link has expired. Ask for a new link.',
  linkRevoked: 'This review link was revoked. Ask for a new link.',
  linkPostOutside: 'This post is not part of this review link.',
  linkMediaOutside: 'This file is not part of this review link.',
  postNotFound: 'Post not found.',
  submitted: 'Submitted for approval',
  approved: 'Post approved',
  changesRequested: 'Changes requested',
  rejected: 'Post rejected',
  commented: 'Comment added',
  requestedTitle: 'A post is waiting for your approval',
  requestedBody: (author: string) => `${author} submitted a post for approval.`,
  decidedTitle: (action: 'approve' | 'request_changes' | 'reject') =>
    action === 'approve'
      ? 'Your post was approved'
      : action === 'reject'
        ? 'Your post was rejected'
        : 'Changes were requested on your post',
  decidedBody: (actor: string, comment: string) => (comment ? `${actor}: ${comment}` : `By ${actor}.`),
  expiredTitle: 'Your post expired without approval',
  expiredBody: 'Its publish time passed before anyone approved it. Edit it and submit it again.',
  clientCommentTitle: (reviewer: string) => `${reviewer} commented on a post`,
} as const;

export const STATE_LABELS: Record<ApprovalState, string> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
  expired: 'Expired',
};

const ACTION_PAST: Record<ApprovalAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  request_changes: 'sent back for changes',
  reject: 'rejected',
  expire: 'expired',
  edit: 'edited',
  withdraw: 'withdrawn',
  comment: 'commented on',
};

export type TransitionResult = { ok: true; to: ApprovalState } | { ok: false; message: string };

/** Whether `action` may move a post in `state`, and where to. Pure: the server and the tests share it. */
export function transition(state: ApprovalState, action: ApprovalAction): TransitionResult {
  if (action === 'comment') return { ok: true, to: state };
  const rule = APPROVAL_TRANSITIONS[action];
  if (!rule.from.includes(state)) return { ok: false, message: APPROVAL_MESSAGES.notAllowed(action, state) };
  return { ok: true, to: rule.to };
}

export const APPROVAL_COMMENT_MAX = 2000;
export const REVIEWER_NAME_MAX = 100;
/** How long a client review link lasts unless asked otherwise, and at most. */
export const REVIEW_LINK_DEFAULT_DAYS = 7;
export const REVIEW_LINK_MAX_DAYS = 30;
/** A week's link may be made for a week starting at most this many days ahead (the page offers eight weeks). */
export const REVIEW_WEEK_MAX_AHEAD_DAYS = 63;

const commentSchema = z.string().trim().max(APPROVAL_COMMENT_MAX, APPROVAL_MESSAGES.commentTooLong);

/**
 * `POST /api/approvals/:postId/{approve,request-changes,reject}`. `content`, on approve only: the approver's
 * own edit of the post's text, saved and approved in one step (the history shows it as the change approved).
 */
export const approvalDecisionSchema = z.object({
  comment: commentSchema.default(''),
  content: z.string().max(MAX_POST_CONTENT).optional(),
});
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;

/** `PUT /api/approvals/settings`. */
export const approvalSettingsSchema = z.object({ requireApproval: z.boolean() });
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

/** `GET /api/approvals/settings`: the setting, and what it means for the caller (the composer's buttons). */
export const approvalStatusSchema = approvalSettingsSchema.extend({
  /** The caller's scheduled posts wait for approval ("Submit for approval" instead of Schedule). */
  needsApproval: z.boolean(),
  /** The caller may approve, request changes, reject and make review links. */
  canApprove: z.boolean(),
  /** The caller may change the setting (owner, admin). */
  canChangeSetting: z.boolean(),
  /**
   * The caller is the workspace's only member who may approve: "Require approval for everyone" does not hold
   * their posts, since nobody else could approve them (docs/decisions/0059).
   */
  isSoleApprover: z.boolean(),
});
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** One word-level piece of a diff: kept, added or removed text. */
export const diffPartSchema = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
export type DiffPart = z.infer<typeof diffPartSchema>;

export const approvalEventSchema = z.object({
  id: z.string(),
  postId: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  fromState: z.enum(APPROVAL_STATES),
  toState: z.enum(APPROVAL_STATES),
  /** The member who acted (null for the expiry job or a client through a review link). */
  actorName: z.string().nullable(),
  /** The name a client typed on the review page. */
  reviewerName: z.string().nullable(),
  comment: z.string(),
  submittedText: z.string().nullable(),
  approvedText: z.string().nullable(),
  /** What changed since the last approved version (or the first submission). */
  diff: z.array(diffPartSchema).nullable(),
  at: z.string(),
});
export type ApprovalEvent = z.infer<typeof approvalEventSchema>;

export const approvalHistorySchema = z.object({ events: z.array(approvalEventSchema) });

export const approvalQueueItemSchema = z.object({
  postId: z.string(),
  content: z.string(),
  platforms: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  authorName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  diff: z.array(diffPartSchema).nullable(),
  /** The caller wrote or submitted it: they may send it back or reject it, never approve it. */
  isOwn: z.boolean(),
});
export type ApprovalQueueItem = z.infer<typeof approvalQueueItemSchema>;
export const approvalQueueSchema = z.object({ items: z.array(approvalQueueItemSchema) });

/** `POST /api/approvals/review-links`: one post, or the week starting `weekStart` (the first day of the user's week, ISO instant). */
export const createReviewLinkSchema = z
  .object({
    postId: z.string().min(1).max(100).optional(),
    weekStart: z.iso.datetime({ offset: true }).optional(),
    days: z.number().int().min(1).max(REVIEW_LINK_MAX_DAYS).default(REVIEW_LINK_DEFAULT_DAYS),
  })
  .refine((value) => Boolean(value.postId) !== Boolean(value.weekStart), {
    message: 'Choose one post or one week.',
  });
export type CreateReviewLinkInput = z.input<typeof createReviewLinkSchema>;

export const reviewLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});

/** A link still open (neither expired nor revoked), as the approvals page lists it: its URL is not shown again. */
export const activeReviewLinkSchema = z.object({
  id: z.string(),
  /** One post (its first words) or the week from `weekStart`. */
  postId: z.string().nullable(),
  postExcerpt: z.string().nullable(),
  weekStart: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type ActiveReviewLink = z.infer<typeof activeReviewLinkSchema>;
export const activeReviewLinkListSchema = z.object({ links: z.array(activeReviewLinkSchema) });

/** What the public review page shows: read-only posts, and what the client may do. */
export const reviewPageSchema = z.object({
  workspaceName: z.string(),
  expiresAt: z.string(),
  posts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      platforms: z.array(z.string()),
      status: z.enum(POST_STATUSES),
      scheduledAt: z.string().nullable(),
      /** The IANA zone the post was scheduled in: the page shows its time there, with the zone's name. */
      timezone: z.string(),
      canApprove: z.boolean(),
      /** The post's media, in order; the files are served by `/api/review/:token/media/:id/{thumbnail,file}`. */
      media: z.array(
        mediaItemSchema
          .pick({ id: true, kind: true, mimeType: true, width: true, height: true })
          .extend({ hasThumbnail: z.boolean() }),
      ),
    }),
  ),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewActionSchema = z.object({
  reviewerName: z
    .string()
    .trim()
    .min(1, APPROVAL_MESSAGES.reviewerNameRequired)
    .max(REVIEWER_NAME_MAX, APPROVAL_MESSAGES.reviewerNameRequired),
  comment: commentSchema.default(''),
});
export type ReviewActionInput = z.input<typeof reviewActionSchema>;
