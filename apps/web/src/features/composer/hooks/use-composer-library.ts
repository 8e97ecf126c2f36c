import {
  appendBlock,
  COMPOSER_LIBRARY_MESSAGES,
  insertAtSelection,
  type Template,
  type TemplateInput,
} from '@relaycast/shared/composer-library';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useEffect, useRef } from 'react';
import { fetchTemplate, useSignatures } from '@/api/composer-library';
import { translateMessage } from '@/i18n';
import type { PostFormValues } from '@/lib/post-form';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import type { usePostForm } from '@/lib/use-post-form';

/**
 * The composer's side of the library (docs/composer-library.md): the default signature appended to a new post
 * (in the text, so the counters count it), text put in at the cursor, and templates saved and started from.
 */

type Update = ReturnType<typeof usePostForm>['update'];
export type Selection = { start: number; end: number };

/** The template's state from the composer's values: only the chosen platforms' overrides and accounts. */
export function templateStateOf(values: PostFormValues): TemplateInput['state'] {
  const overrides: Record<string, string> = {};
  const accounts: Record<string, string[]> = {};
  for (const platform of values.platforms) {
    const text = values.overrides[platform];
    if (text !== undefined) overrides[platform] = text;
    const chosen = values.accounts[platform];
    if (chosen && chosen.length > 0) accounts[platform] = [...chosen];
  }
  return {
    content: values.content,
    platforms: [...values.platforms],
    overrides,
    accounts,
    mediaIds: values.media.map((item) => item.id),
    ...(values.shortLinks ? { shortLinks: values.shortLinks } : {}),
  };
}

/** The composer's values started from a template: its date and time stay those already chosen. */
export function valuesFromTemplate(template: Template, current: PostFormValues): PostFormValues {
  return {
    ...current,
    content: template.content,
    platforms: [...template.platforms],
    overrides: { ...template.overrides } as PostFormValues['overrides'],
    accounts: Object.fromEntries(
      Object.entries(template.accounts).filter(([, ids]) => ids.length > 0),
    ) as Partial<Record<PlatformId, string[]>>,
    media: template.media.map((item) => ({ ...item })),
    shortLinks: template.shortLinks,
  };
}

/** Appends the workspace's automatic signature once to a new post, as soon as the signatures are known. */
export function useAutoSignature(isNew: boolean, update: Update): void {
  const signatures = useSignatures().data?.signatures;
  const isDone = useRef(!isNew);
  useEffect(() => {
    if (isDone.current || !signatures) return;
    isDone.current = true;
    const auto = signatures.find((signature) => signature.isAutoAppend);
    if (!auto) return;
    update((current) =>
      current.content.includes(auto.text)
        ? current
        : { ...current, content: appendBlock(current.content, auto.text) },
    );
  }, [signatures, update]);
}

/**
 * Puts text into the post at the textarea's cursor (or appends it), then puts the cursor after it. The
 * textarea's own selection is read first: it stays put when a button takes the focus.
 */
export function useInsertText(contentId: string, content: string, update: Update, fallback: Selection) {
  function apply(text: string, cursor: number) {
    update({ content: text });
    requestAnimationFrame(() => {
      const area = document.getElementById(contentId);
      if (area instanceof HTMLTextAreaElement) {
        area.focus();
        area.setSelectionRange(cursor, cursor);
      }
    });
  }
  return {
    insert(text: string) {
      const area = document.getElementById(contentId);
      const selection =
        area instanceof HTMLTextAreaElement
          ? { start: area.selectionStart, end: area.selectionEnd }
          : fallback;
      const next = insertAtSelection(content, text, selection);
      apply(next.text, next.cursor);
    },
    append(text: string) {
      const next = appendBlock(content, text);
      apply(next, next.length);
    },
  };
}

/** Starts the post from a template; a file deleted since is left out with a notice. */
export async function startFromTemplate(id: string, update: Update): Promise<boolean> {
  try {
    const template = await fetchTemplate(id);
    update((current) => valuesFromTemplate(template, current));
    if (template.droppedMediaCount > 0)
      toast.warning(translateMessage(COMPOSER_LIBRARY_MESSAGES.mediaDropped));
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}
