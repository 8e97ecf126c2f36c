import { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLES } from './roles';

/**
 * Workspace members and invitations (docs/decisions/0042-members-and-invitations.md). Owners and
 * admins invite by e-mail (a link valid for 7 days), change roles and remove members; ownership moves only by
 * transfer. The roles and what each may do are in roles.ts.
 */

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_EMAIL_MAX = 254;
/** Invitation e-mails one workspace may send in an hour, new and re-sent (decision 0060). */
export const INVITATIONS_PER_HOUR = 20;
/** The least time between two e-mails of one invitation. */
export const INVITATION_RESEND_MINUTES = 10;

export const MEMBERS_MESSAGES = {
  emailInvalid: 'Enter a valid e-mail address.',
  roleInvalid: 'Choose one of the roles: Admin, Editor, Contributor or Viewer.',
  memberRequired: 'Choose the member who becomes the owner.',
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This e-mail already has a pending invitation. Re-send it instead of inviting again.',
  invitationNotFound: 'That invitation does not exist or was revoked.',
  invitationNotPending: 'That invitation was already accepted or revoked.',
  memberNotFound: 'That member does not exist in this workspace.',
  ownerRoleFixed: "The owner's role cannot be changed here. Transfer ownership instead.",
  ownerCannotBeRemoved: 'The owner cannot be removed from the workspace.',
  onlyWorkspace: 'You cannot leave your only workspace.',
  ownerCannotLeave: 'The owner cannot leave the workspace. Transfer ownership to another member first.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another owner or admin.',
  cannotRemoveSelf: 'To remove yourself, use Leave workspace.',
  onlyOwnerTransfers: 'Only the owner can transfer ownership.',
  transferToSelf: 'You already own this workspace. Choose another member.',
  passwordWrong: 'That password is not right.',
  passwordRequired: 'Enter your password to transfer ownership.',
  linkNotFound: 'This invitation link is not valid. Ask for a new invitation.',
  linkExpired: 'This invitation has expired. Ask the person who invited you to send it again.',
  linkUsed: 'This invitation has already been used.',
  linkRevoked: 'This invitation was revoked. Ask the person who invited you for a new one.',
  wrongEmail:
    'This invitation is for {email}. Sign in with that e-mail address to accept it, or ask for an invitation to your own address.',
  tooManyInvitations: `This workspace has sent ${INVITATIONS_PER_HOUR} invitations in the last hour, the most it may send. Try again in {minutes} min.`,
  resentTooSoon: `This invitation was sent less than ${INVITATION_RESEND_MINUTES} minutes ago. Give it a few minutes to arrive before sending it again.`,
  invited: 'Invitation sent.',
  invitedNoEmail:
    'Invitation created. No e-mail server is set up, so copy the invite link and send it yourself.',
  resent: 'Invitation sent again.',
  revoked: 'Invitation revoked.',
  roleChanged: 'Role changed.',
  removed: 'Member removed.',
  left: 'You left the workspace.',
  transferred: 'Ownership transferred. You are now an admin.',
  accepted: 'Welcome! You joined the workspace.',
  authEndpointClosed:
    'This endpoint is not available. Members and invitations are managed at /api/workspaces/current/members.',
} as const;

const roleSchema = z.enum(ASSIGNABLE_ROLES, { error: MEMBERS_MESSAGES.roleInvalid });

export const inviteMemberSchema = z.object({
  email: z
    .string({ error: MEMBERS_MESSAGES.emailInvalid })
    .trim()
    .max(INVITATION_EMAIL_MAX, MEMBERS_MESSAGES.emailInvalid)
    .pipe(z.email({ error: MEMBERS_MESSAGES.emailInvalid })),
  role: roleSchema,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/**
 * What inviting (and re-sending) answers. `inviteLink` is the accept link when the server has no e-mail server
 * (SMTP_URL unset): no e-mail went out, so the inviter copies the link and sends it; null when it was e-mailed.
 */
export const sentInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  inviteLink: z.string().nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const transferOwnershipSchema = z.object({
  memberId: z
    .string({ error: MEMBERS_MESSAGES.memberRequired })
    .min(1, MEMBERS_MESSAGES.memberRequired)
    .max(64),
  /** The owner's current password, checked like two-factor's turning off (decision 0059). */
  password: z
    .string({ error: MEMBERS_MESSAGES.passwordRequired })
    .min(1, MEMBERS_MESSAGES.passwordRequired)
    .max(128, MEMBERS_MESSAGES.passwordWrong),
});
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;

const roleValue = z.enum(ROLES).or(z.string());

export const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleValue,
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleValue,
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const membersListSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  yourRole: roleValue,
});
export type MembersList = z.infer<typeof membersListSchema>;

export const INVITATION_STATES = ['valid', 'expired', 'used', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** `GET /api/invitations/:token`: what the invite page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: roleValue,
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptedInvitationSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  role: roleValue,
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** Fills `{email}` in a message. */
export function wrongEmailMessage(email: string): string {
  return MEMBERS_MESSAGES.wrongEmail.replace('{email}', email);
}
