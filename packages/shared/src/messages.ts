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
} as const;

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  validation: 'Some fields are invalid.',
  internal: 'Something went wrong on our side. Please try again.',
  unauthorized: 'Please sign in to continue.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
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

/** Machine-readable error codes shared by the API and the client. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  internal: 'INTERNAL_ERROR',
  rateLimited: 'RATE_LIMITED',
  emailAlreadyRegistered: 'EMAIL_ALREADY_REGISTERED',
  invalidEmail: 'INVALID_EMAIL',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  invalidToken: 'INVALID_TOKEN',
  crossSite: 'CROSS_SITE_REQUEST',
  fileTooLarge: 'FILE_TOO_LARGE',
  storageFull: 'STORAGE_FULL',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unreadableMedia: 'UNREADABLE_MEDIA',
  noFile: 'NO_FILE',
  postNotEditable: 'POST_NOT_EDITABLE',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The one JSON error shape of the API. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  requestId?: string;
}
