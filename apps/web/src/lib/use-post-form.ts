import type { TextLengthOptions } from '@relaycast/shared/platforms';
import type { Post, PostAction, PostInput, PostProblem } from '@relaycast/shared/posts';
import { useState } from 'react';
import { buildPostInput, type PostFormValues, validatePostForm } from '@/lib/post-form';
import { groupProblems, problemsFromError } from '@/lib/post-problems';
import { showError } from '@/lib/show-error';

interface UsePostFormOptions {
  /** The values the form starts with (read once, on the first render). */
  initialValues: () => PostFormValues;
  timeZone: string;
  /** Sends the checked request; the form's own mutation (create or update, or schedule a draft). */
  save(input: PostInput, action: PostAction): Promise<Post>;
  /** A last check after validation (the composer's "no account for this platform"); false sends nothing. */
  isReadyToSave?(values: PostFormValues, action: PostAction): boolean;
  /** What the form does with the saved post: its toast, closing the dialog, putting the id in the address. */
  onSaved(post: Post, action: PostAction): void;
  /** The toast when the save fails for a reason that is not a problem of the post (and has no message). */
  failureMessage: string;
  /** How the values' text is counted (the composer's short links: features/composer/hooks/use-short-link-choice.ts). */
  textOptionsOf?(values: PostFormValues): TextLengthOptions;
}

type ValuesChange = Partial<PostFormValues> | ((current: PostFormValues) => PostFormValues);

/**
 * The one post form of the web app — the composer, the calendar's Create Post dialog and the drafts' Schedule
 * dialog: its values, its validation (the shared zod schema and post rules through `validatePostForm`, the
 * checks the server runs) and its submit flow. After a refused attempt the client-side problems are re-checked
 * as the user edits, so a fixed problem disappears at once; the server's stay until the next edit.
 */
export function usePostForm({
  initialValues,
  timeZone,
  save,
  isReadyToSave,
  onSaved,
  failureMessage,
  textOptionsOf,
}: UsePostFormOptions) {
  const validate = (current: PostFormValues, action: PostAction) =>
    validatePostForm(current, action, timeZone, new Date(), textOptionsOf?.(current));
  const [values, setValues] = useState<PostFormValues>(initialValues);
  const [attempt, setAttempt] = useState<{ action: PostAction; serverProblems: PostProblem[] | null } | null>(
    null,
  );
  const problems = attempt ? (attempt.serverProblems ?? validate(values, attempt.action)) : [];
  const byPath = groupProblems(problems);

  function update(change: ValuesChange) {
    setValues((current) => (typeof change === 'function' ? change(current) : { ...current, ...change }));
    setAttempt((current) => (current?.serverProblems ? null : current));
  }

  async function submit(action: PostAction) {
    const found = validate(values, action);
    setAttempt(found.length > 0 ? { action, serverProblems: null } : null);
    if (found.length > 0 || (isReadyToSave && !isReadyToSave(values, action))) return;
    try {
      onSaved(await save(buildPostInput(values, action, timeZone), action), action);
    } catch (error) {
      const reported = problemsFromError(error);
      if (reported) setAttempt({ action, serverProblems: reported });
      else showError(error, failureMessage);
    }
  }

  return {
    values,
    update,
    submit,
    /** The problems of the last refused attempt, as they stand now. */
    problems,
    /** The action that was refused, while it still has problems. */
    failedAction: problems.length > 0 ? (attempt?.action ?? null) : null,
    byPath,
    /** The messages for one field (`content`, `platforms`, `scheduledAt`) or platform, joined; or undefined. */
    errorOf: (path: string) => byPath.get(path)?.join(' '),
  };
}
