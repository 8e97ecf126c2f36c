/**
 * Every user-facing message the browser and the server must agree on. The wording comes from the product
 * specification and must not change: tests assert these exact strings.
 */
export const AUTH_MESSAGES = {
  signUpSuccess: 'Account created successfully! Please sign in.',
  emailAlreadyRegistered: 'This email is already registered. Please sign in instead.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password should be at least 6 characters long.',
  passwordHint: 'Password must be at least 6 characters long',
  signUpFallback: 'Failed to create account',
  nameRequired: 'Please enter your full name.',
  signInSuccess: 'Logged in successfully!',
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  signInFallback: 'Failed to log in',
  passwordRequired: 'Please enter your password.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  resetSuccess: 'Your password has been reset. Please sign in.',
  resetInvalidToken: 'This reset link is invalid or has expired. Please request a new one.',
  resetFallback: 'Failed to reset password',
  passwordsDoNotMatch: 'Passwords do not match.',
  signOutSuccess: 'Signed out.',
  signOutFallback: 'Failed to sign out',
  crossSiteRefused: 'Cross-site requests are not allowed.',
  /** Sign-in, sign-up or reset requests over the per-IP or per-address limit; {seconds} is the wait. */
  authRateLimited: 'Too many requests from here. Please wait {seconds} before trying again.',
  /** Shown with tooManyAttempts: the owner is never locked out by someone else's guesses. */
  lockedOutHelp:
    'You can try again in {minutes}. If this is your account, reset your password by e-mail to sign in now.',
  workspaceCreationClosed: 'Creating additional workspaces is not available yet.',
  nameTooLong: 'Please keep your name under 120 characters.',
  workspaceNameInvalid: 'Please give the workspace a name of at most 120 characters.',
  callbackUrlInvalid: 'The address to return to must be a path of this site or a full URL.',
  /** A list's limit or offset (Better Auth's member list) that is not a whole number of 0 or more. */
  pageInvalid: 'The limit and offset must be whole numbers of 0 or more.',
  workspaceSlugInvalid:
    'The workspace address may use lowercase letters, digits, - and _ only, at most 64 characters.',
  /** Two-factor sign-in and enrolment (Settings → Security, docs/security.md). */
  twoFactorCodeInvalid: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  twoFactorBackupCodeInvalid: 'That backup code is not right, or it was already used.',
  twoFactorChallengeExpired: 'This sign-in step has expired. Please sign in again with your password.',
  twoFactorTooManyCodes: 'Too many wrong codes. Please sign in again with your password.',
  twoFactorPasswordInvalid: 'That password is not right.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  twoFactorEnabled: 'Two-factor authentication is on.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  backupCodesRenewed: 'New backup codes ready. The old ones no longer work.',
  sessionsRevoked: 'Signed out of every other device.',
  sessionRevoked: 'Signed out of that device.',
  sessionNotFound: 'That device is already signed out.',
  sessionIsThisDevice: 'This is the device you are using: use Sign out in the menu instead.',
  /** A request of the signed-in app answered 401: the session ended (signed out elsewhere, revoked, expired). */
  sessionExpired: 'Your session has ended. Please sign in again.',
} as const;

/**
 * The refusal of a request whose page is not at an address this server accepts, with what the administrator
 * must set. It starts with `AUTH_MESSAGES.crossSiteRefused` so the browser can recognise it and keep it on
 * screen until dismissed.
 */
export function crossSiteRefusal(pageOrigin: string | undefined, publicUrlConfigured: boolean): string {
  const page = pageOrigin && pageOrigin !== 'null' ? ` This page (${pageOrigin})` : ' This page';
  const fix = publicUrlConfigured
    ? 'is not the address this server is configured for (PUBLIC_URL). Open the app at that address, or ask the administrator to add this one to TRUSTED_ORIGINS.'
    : 'was not sent from the address it was sent to. Ask the administrator to set PUBLIC_URL to the address people use (or add this one to TRUSTED_ORIGINS).';
  return `${AUTH_MESSAGES.crossSiteRefused}${page} ${fix}`;
}

/** Replaces `{name}` placeholders of a message. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** "42 seconds", "1 minute", "15 minutes": how long to wait, in words a person reads at a glance. */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  validation: 'Some fields are invalid.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthorized: 'Please sign in to continue.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  /** A refusal with no more specific wording (packages/shared/src/errors.ts). */
  forbidden: 'You do not have permission to do this.',
  conflict: 'This was changed in the meantime. Reload the page and try again.',
} as const;

/** Input the server refuses whatever the route (apps/server/src/plugins/input-guard.ts). */
export const INPUT_MESSAGES = {
  nulCharacter: 'The request contains a character that is not allowed (NUL).',
  loneSurrogate: 'The request contains text that is not valid Unicode (a lone surrogate).',
  tooDeep: 'The request is nested too deeply.',
  unknownListField: 'Sort and filter by one of the listed fields.',
} as const;

/** The contact form (`/contact`, `POST /api/contact`). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Please keep your name under 120 characters.',
  messageTooShort: 'Please write a message of at least 10 characters.',
  messageTooLong: 'Please keep your message under 5,000 characters.',
  sent: 'Thanks for getting in touch! Your message has been sent and we will reply by email.',
  rateLimited: 'You have sent several messages in the last hour. Please wait a while before sending another.',
  sendFallback: 'Failed to send your message. Please try again.',
} as const;

/**
 * Addresses users give the server to connect to (an AI base URL, an RTMP destination, a Mastodon instance, a
 * Bluesky service, an article): the one outbound-address policy refuses the server's own network unless the
 * administrator sets ALLOW_PRIVATE_ADDRESSES=true.
 */
export const ADDRESS_MESSAGES = {
  privateAddress: (address: string) =>
    `This address points inside the server's network (${address}). Use a public address, or ask your administrator to allow private addresses.`,
  notFound: (hostname: string) => `${hostname} could not be found.`,
  /** One line of help under an address field, depending on the server's setting. */
  helpRefused:
    "Use a public address: addresses inside the server's network (localhost, 10.x, 192.168.x, 169.254.x…) are refused unless the administrator sets ALLOW_PRIVATE_ADDRESSES=true.",
  helpAllowed:
    'This server allows addresses inside its own network (ALLOW_PRIVATE_ADDRESSES=true), such as a local Ollama or a LAN media server.',
} as const;
