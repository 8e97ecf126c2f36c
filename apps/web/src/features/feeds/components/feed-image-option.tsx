import { useTranslation } from 'react-i18next';

/** "Attach the item's image": the item's enclosure or media image fetched into the library (docs/feeds.md, "Images"). */
export function FeedImageOption({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { t } = useTranslation('feeds');
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {t('Attach the item’s image (fetched into the media library)')}
    </label>
  );
}
