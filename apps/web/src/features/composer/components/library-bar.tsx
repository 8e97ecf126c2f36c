import { COMPOSER_LIBRARY_MESSAGES } from '@relaycast/shared/composer-library';
import { FileText, Hash, PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHashtagGroups, useSaveLibraryItem, useSignatures, useTemplates } from '@/api/composer-library';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/i18n';
import type { PostFormValues } from '@/lib/post-form';
import { toastOutcome } from '@/lib/show-error';
import type { usePostForm } from '@/lib/use-post-form';
import {
  type Selection,
  startFromTemplate,
  templateStateOf,
  useInsertText,
} from '../hooks/use-composer-library';

type Open = 'signature' | 'hashtags' | 'templates' | null;

interface LibraryBarProps {
  values: PostFormValues;
  update: ReturnType<typeof usePostForm>['update'];
  /** The post text's textarea: text goes in at its cursor. */
  contentId: string;
  selection: Selection;
}

/**
 * The composer's library row above the post text (docs/composer-library.md): put a signature or a hashtag group
 * in at the cursor or at the end, save the composer as a template, or start from one.
 */
export function LibraryBar({ values, update, contentId, selection }: LibraryBarProps) {
  const { t } = useTranslation('composer');
  const [open, setOpen] = useState<Open>(null);
  const text = useInsertText(contentId, values.content, update, selection);
  const close = () => setOpen(null);

  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen('signature')}>
        <PenLine aria-hidden="true" />
        {t('Signature')}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen('hashtags')}>
        <Hash aria-hidden="true" />
        {t('Hashtags')}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen('templates')}>
        <FileText aria-hidden="true" />
        {t('Templates')}
      </Button>
      {/* Each dialog is mounted only while open: its list loads then. */}
      {open === null ? null : (
        <Dialog
          open
          onOpenChange={(isOpen) => !isOpen && close()}
          title={
            open === 'templates'
              ? t('Templates')
              : open === 'signature'
                ? t('Signatures')
                : t('Hashtag groups')
          }
        >
          {open === 'templates' ? (
            <TemplatesPanel values={values} update={update} onDone={close} />
          ) : (
            <InsertList kind={open} text={text} onDone={close} />
          )}
        </Dialog>
      )}
    </div>
  );
}

/** The workspace's signatures or hashtag groups, each put in at the cursor or at the end. */
function InsertList({
  kind,
  text,
  onDone,
}: {
  kind: 'signature' | 'hashtags';
  text: ReturnType<typeof useInsertText>;
  onDone(): void;
}) {
  const { t } = useTranslation('composer');
  const signatures = useSignatures().data?.signatures ?? [];
  const groups = useHashtagGroups().data?.hashtagGroups ?? [];
  const items =
    kind === 'signature' ? signatures : groups.map((group) => ({ ...group, text: group.hashtags.join(' ') }));
  return items.length === 0 ? (
    <p className="text-sm text-muted-foreground">
      {t('Nothing saved yet.')}{' '}
      <Link
        to="/settings#composer-library"
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('Add them in Settings')}
      </Link>
    </p>
  ) : (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.id} className="grid gap-2 rounded-lg border p-3">
          <p className="font-medium">{item.name}</p>
          <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{item.text}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              aria-label={t('Insert “{{name}}” at the cursor', { name: item.name })}
              onClick={() => {
                onDone();
                text.insert(item.text);
              }}
            >
              {t('Insert at the cursor')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={t('Add “{{name}}” at the end', { name: item.name })}
              onClick={() => {
                onDone();
                text.append(item.text);
              }}
            >
              {t('Add at the end')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TemplatesPanel({
  values,
  update,
  onDone,
}: Pick<LibraryBarProps, 'values' | 'update'> & { onDone(): void }) {
  const { t } = useTranslation('composer');
  const templates = useTemplates().data?.templates ?? [];
  const save = useSaveLibraryItem('templates');
  const [name, setName] = useState('');
  const [starting, setStarting] = useState<string | null>(null);
  const nameId = useId();

  // No <form> here: the dialog sits inside the composer's form, and forms do not nest.
  async function onSave() {
    const saved = save.mutateAsync({ input: { name, state: templateStateOf(values) } });
    if (await toastOutcome(saved, translateMessage(COMPOSER_LIBRARY_MESSAGES.templateSaved))) setName('');
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={nameId}>{t('Save this post as a template')}</Label>
        <div className="flex gap-2">
          <Input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder={t('Template name')}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void onSave();
            }}
          />
          <Button type="button" disabled={save.isPending} onClick={() => void onSave()}>
            {t('Save as template')}
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <h3 className="font-medium">{t('Start from a template')}</h3>
        {templates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('No templates yet.')}</p>
        ) : (
          <ul className="grid gap-2">
            {templates.map((template) => (
              <li key={template.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <span className="min-w-0">
                  <span className="block font-medium">{template.name}</span>
                  <span className="block truncate text-sm text-muted-foreground">{template.excerpt}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  disabled={starting !== null}
                  aria-label={t('Start from “{{name}}”', { name: template.name })}
                  onClick={() => {
                    setStarting(template.id);
                    void startFromTemplate(template.id, update).then((isStarted) => {
                      setStarting(null);
                      if (isStarted) onDone();
                    });
                  }}
                >
                  {t('Start from it')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
