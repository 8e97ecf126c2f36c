import { GENERIC_MESSAGES } from '@relaycast/shared/messages';

/** The one error type services throw. `message` is safe to show to the user. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * A 400 for input that passed the schema but breaks a rule only the server can check (a platform's limits on
 * the stored media, say). Same body as a schema failure: the first message plus every issue.
 */
export class ValidationError extends AppError {
  constructor(public readonly issues: ValidationIssue[]) {
    super('VALIDATION_ERROR', 400, issues[0]?.message ?? GENERIC_MESSAGES.validation);
    this.name = 'ValidationError';
  }
}
