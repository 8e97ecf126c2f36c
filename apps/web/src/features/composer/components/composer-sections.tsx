import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlatformPicker } from '@/components/platform-picker';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { usePostForm } from '@/lib/use-post-form';
import type { ShortLinkChoice } from '../hooks/use-short-link-choice';
import { AccountPicker } from './account-picker';
import { LibraryBar } from './library-bar';
import { OverrideEditor } from './override-editor';
import { PlatformChecks } from './platform-checks';
import { ShortLinkOptions } from './short-link-options';

/** The composer's platforms and text sections (post-composer.tsx holds the form they share). */

export type PostForm = ReturnType<typeof usePostForm>;
export type Selection = { start: number; end: number };

export function PlatformsSection({ form, ids }: { form: PostForm; ids: string }) {
  const { t } = useTranslation('composer');
  const { values, update } = form;
  const platformsError = form.errorOf('platforms');
  return (
    <section aria-labelledby={`${ids}-platforms`} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${ids}-platforms`} className="font-semibold">
        {t('Platforms')}
      </h2>
      <p className="mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>{t('Where should this post go?')}</span>
        <Link
          to="/connected-accounts"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('Manage connected accounts')}
        </Link>
      </p>
      <PlatformPicker
        className="mt-4"
        label={t('Platforms')}
        selected={values.platforms}
        onChange={(platforms) => update({ platforms })}
        errorId={platformsError ? `${ids}-platforms-error` : undefined}
      />
      {platformsError ? (
        <p id={`${ids}-platforms-error`} className="mt-2 text-sm text-destructive">
          {platformsError}
        </p>
      ) : null}
      <AccountPicker
        platforms={values.platforms}
        chosen={values.accounts}
        onChange={(accounts) => update({ accounts })}
      />
    </section>
  );
}

export function PostTextSection({
  form,
  ids,
  selection,
  onSelect,
  shortLinks,
}: {
  form: PostForm;
  ids: string;
  /** Where the cursor was last: the library row (signatures, hashtags, templates) puts text there. */
  selection: Selection;
  onSelect(selection: Selection): void;
  /** The "Shorten links" choice: its switch, and the text counted with the short links. */
  shortLinks: ShortLinkChoice;
}) {
  const { t } = useTranslation('composer');
  const { values, update } = form;
  const contentError = form.errorOf('content');
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-content`} className="text-base font-semibold">
          {t('Post text')}
        </Label>
        <LibraryBar values={values} update={update} contentId={`${ids}-content`} selection={selection} />
        <Textarea
          id={`${ids}-content`}
          rows={7}
          value={values.content}
          placeholder={t('What would you like to share?')}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${ids}-content-error` : undefined}
          onChange={(event) => update({ content: event.target.value })}
          onSelect={(event) =>
            onSelect({ start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd })
          }
          className="min-h-40 text-base sm:text-sm"
        />
        {contentError ? (
          <p id={`${ids}-content-error`} className="text-sm text-destructive">
            {contentError}
          </p>
        ) : null}
      </div>
      <ShortLinkOptions
        values={values}
        choice={shortLinks}
        onChange={(options) => update({ shortLinks: options })}
      />
      {values.platforms.length > 0 ? (
        <>
          <PlatformChecks
            values={values}
            problemsByPlatform={form.byPath}
            shortLinkBase={shortLinks.baseOf(values)}
          />
          <OverrideEditor
            platforms={values.platforms}
            content={values.content}
            overrides={values.overrides}
            onChange={(overrides) => update({ overrides })}
          />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('Choose a platform to see how many characters you have left there.')}
        </p>
      )}
    </div>
  );
}

/** The "Preview" card beside the form. */
export function PreviewSection({ ids, children }: { ids: string; children: ReactNode }) {
  const { t } = useTranslation('composer');
  return (
    <section aria-labelledby={`${ids}-preview`} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${ids}-preview`} className="mb-3 flex items-center gap-2 font-semibold">
        <Send aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('Preview')}
      </h2>
      {children}
    </section>
  );
}
