import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelCheck = { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made into pino's child (with the request's id, then its workspace) only when it writes a
 * line at a level the server logs. Pino builds a child's bindings into JSON when it is made: two children a
 * request, for no line at all on most, were about a twelfth of a signed-in request's CPU (docs/decisions/0133).
 * A line written through it is the line its pino child would have written.
 */
export class DeferredChildLogger {
  readonly #parent: FastifyBaseLogger & LevelCheck;
  readonly #bindings: Bindings;
  #made: (FastifyBaseLogger & LevelCheck) | undefined;

  constructor(parent: FastifyBaseLogger & LevelCheck, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** Pino's child, made once (its parent's first when that is deferred too). */
  materialised(): FastifyBaseLogger & LevelCheck {
    if (!this.#made) {
      const parent = this.#parent instanceof DeferredChildLogger ? this.#parent.materialised() : this.#parent;
      this.#made = parent.child(this.#bindings) as FastifyBaseLogger & LevelCheck;
    }
    return this.#made;
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: string) {
    this.materialised().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.#parent).isLevelEnabled(level);
  }

  #write(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    (this.materialised()[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  bindings(): Bindings {
    return (this.materialised() as unknown as { bindings(): Bindings }).bindings();
  }

  /** A child of this one, deferred as well; with options (a level, serializers) it is pino's own at once. */
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    if (options && Object.keys(options).length > 0) return this.materialised().child(bindings, options);
    return new DeferredChildLogger(
      this as unknown as FastifyBaseLogger & LevelCheck,
      bindings,
    ) as unknown as FastifyBaseLogger;
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger deferred (above), unless the route sets its own level or
 * serializers, or the logger cannot say which levels it writes (then pino's child, or the logger's own, at once).
 */
export const deferredChildLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const levels = logger as FastifyBaseLogger & Partial<LevelCheck>;
  if (typeof levels.isLevelEnabled !== 'function' || Object.keys(options).length > 0) {
    return logger.child(bindings, options);
  }
  return new DeferredChildLogger(
    levels as FastifyBaseLogger & LevelCheck,
    bindings,
  ) as unknown as FastifyBaseLogger;
};
