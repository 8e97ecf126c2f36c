import { UNSPLASH_MESSAGES, type UnsplashPhoto, unsplashSearchQuerySchema } from '@relaycast/shared/unsplash';
import { Download, ImageIcon, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportUnsplashPhoto, useUnsplashSearch, useUnsplashStatus } from '@/api/unsplash';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { UnsplashCredit } from './unsplash-credit';

/** One result: Unsplash's own thumbnail (hotlinked, as its guidelines ask), the credit, and Import. */
function PhotoCard({
  photo,
  importing,
  onImport,
}: {
  photo: UnsplashPhoto;
  importing: boolean;
  onImport(photo: UnsplashPhoto): void;
}) {
  const { t } = useTranslation('media-library');
  const name = photo.attribution.author;
  return (
    <li className="grid content-start gap-1.5" aria-label={t('Photo by {{name}}', { name })}>
      <a href={photo.attribution.photoUrl} target="_blank" rel="noreferrer" className="block">
        <img
          src={photo.thumbUrl}
          alt={photo.description ?? t('Photo by {{name}}', { name })}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
        />
      </a>
      <UnsplashCredit attribution={photo.attribution} className="truncate" />
      <Button
        variant="outline"
        size="sm"
        disabled={importing}
        onClick={() => onImport(photo)}
        aria-label={t('Import the photo by {{name}}', { name })}
      >
        <Download aria-hidden="true" />
        {t('Import')}
      </Button>
    </li>
  );
}

/** The search form, the grid of results and Load more, once the server has a key. */
function UnsplashSearchArea() {
  const { t } = useTranslation('media-library');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const results = useUnsplashSearch(query);
  const start = useImportUnsplashPhoto();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = unsplashSearchQuerySchema.safeParse({ query: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? UNSPLASH_MESSAGES.queryRequired);
      return;
    }
    setProblem(undefined);
    setQuery(parsed.data.query);
  };

  const importPhoto = (photo: UnsplashPhoto) =>
    start.mutate(photo.id, {
      onSuccess: () => toast.success(translateMessage(UNSPLASH_MESSAGES.importStarted)),
      onError: (failure) => showError(failure),
    });

  const photos = results.data?.pages.flatMap((page) => page.results) ?? [];
  const total = results.data?.pages[0]?.total;
  return (
    <>
      <form className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
        <FormField
          label={t('Search Unsplash')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem}
          placeholder={t('mountains, coffee, city at night…')}
        />
        <Button type="submit" disabled={results.isFetching && !results.isFetchingNextPage}>
          <Search aria-hidden="true" />
          {t('Search')}
        </Button>
      </form>
      {results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(results.error)}
        </p>
      ) : null}
      {results.isPending && query ? <Spinner label={t('Searching Unsplash')} /> : null}
      {total === 0 ? <p className="text-sm text-muted-foreground">{t('No photos found.')}</p> : null}
      {photos.length > 0 ? (
        <ul
          aria-label={t('Unsplash photos')}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
        >
          {photos.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              importing={start.isPending && start.variables === photo.id}
              onImport={importPhoto}
            />
          ))}
        </ul>
      ) : null}
      {results.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={results.isFetchingNextPage}
          onClick={() => results.fetchNextPage()}
        >
          {results.isFetchingNextPage ? t('Loading…') : t('Load more')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * Stock photos from Unsplash (docs/media-import.md, "Unsplash"): search through the server, pick, and the photo
 * comes into the library as an import (its progress in the "Import from a link" list) with its credit kept.
 * Without the operator's access key it says which variable to set.
 */
export function UnsplashPanel() {
  const { t } = useTranslation('media-library');
  const status = useUnsplashStatus();
  return (
    <section aria-labelledby="unsplash-heading" className="grid content-start gap-3 rounded-xl border p-4">
      <h2 id="unsplash-heading" className="flex items-center gap-2 font-semibold">
        <ImageIcon aria-hidden="true" className="size-4" />
        {t('Stock photos from Unsplash')}
      </h2>
      {status.isPending ? <Spinner /> : null}
      {status.isError ? <p className="text-sm text-destructive">{errorMessage(status.error)}</p> : null}
      {status.data?.enabled === false ? (
        <p className="text-sm text-muted-foreground">{translateMessage(UNSPLASH_MESSAGES.notConfigured)}</p>
      ) : null}
      {status.data?.enabled ? <UnsplashSearchArea /> : null}
    </section>
  );
}
