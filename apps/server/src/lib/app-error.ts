import {
  ERRORS,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorMessageValues,
  type ErrorStatus,
  errorMessage,
} from '@relaycast/shared/errors';

interface AppErrorBase<C extends ErrorCode> {
  /** A more specific user message than the code's own (which thing was not found, say). */
  message?: string;
  /** One of the statuses the registry lists for the code; the code's own status otherwise. */
  status?: ErrorStatus<C>;
  headers?: Record<string, string>;
}

/** A code whose message is a template needs its values (or a message of its own). */
export type AppErrorOptions<C extends ErrorCode> =
  ErrorMessageValues<C> extends []
    ? AppErrorBase<C>
    : AppErrorBase<C> & ({ values: ErrorMessageValues<C> } | { message: string });

type OptionsArgument<C extends ErrorCode> =
  ErrorMessageValues<C> extends [] ? [options?: AppErrorOptions<C>] : [options: AppErrorOptions<C>];

/**
 * The one error type services throw, by code: the status and the user message come from the registry in
 * packages/shared/src/errors.ts (docs/decisions/0063-errors.md). `message` is safe to show to the user.
 *
 *   throw new AppError('NOT_FOUND', { message: POST_MESSAGES.notFound });
 *   throw new AppError('AI_HOURLY_LIMIT', { values: [limit, minutes] });
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  public readonly statusCode: number;
  public readonly headers: Record<string, string>;

  constructor(
    public readonly code: C,
    ...[options]: OptionsArgument<C>
  ) {
    const given = (options ?? {}) as AppErrorBase<C> & { values?: unknown[] };
    const definition: ErrorDefinition = ERRORS[code];
    const status: number = (given.status as number | undefined) ?? definition.status;
    if (status !== definition.status && !definition.alsoStatus?.includes(status)) {
      throw new Error(`${code} is not answered with ${status} (packages/shared/src/errors.ts)`);
    }
    super(given.message ?? errorMessage(code, ...((given.values ?? []) as ErrorMessageValues<C>)));
    this.name = 'AppError';
    this.statusCode = status;
    this.headers = given.headers ?? {};
  }

  /** The same error with more response headers (an answer given before the body was read, say). */
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
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
export class ValidationError extends AppError<'VALIDATION_ERROR'> {
  constructor(public readonly issues: ValidationIssue[]) {
    super('VALIDATION_ERROR', issues[0] ? { message: issues[0].message } : {});
    this.name = 'ValidationError';
  }
}
