import type { BillingPeriod } from '@relaycast/shared/plans';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const OPTIONS: readonly { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

interface BillingToggleProps {
  value: BillingPeriod;
  onChange(value: BillingPeriod): void;
}

/** Monthly / Annual switch: two pressed-state buttons in a labelled group. */
export function BillingToggle({ value, onChange }: BillingToggleProps) {
  const { t } = useTranslation('pricing');
  return (
    <div className="flex flex-col items-center gap-2">
      <fieldset className="inline-flex rounded-full border bg-card p-1 shadow-sm">
        <legend className="sr-only">{t('Billing period')}</legend>
        {OPTIONS.map((option) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onChange(option.value)}
              className={cn(
                'rounded-full px-5 py-2 text-sm font-medium transition-colors',
                isSelected
                  ? 'bg-primary text-primary-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(option.label)}
            </button>
          );
        })}
      </fieldset>
      <p className="text-sm text-muted-foreground">{t('Pay yearly and get two months free.')}</p>
    </div>
  );
}
