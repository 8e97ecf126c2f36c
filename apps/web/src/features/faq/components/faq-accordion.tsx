import { FREE_TRIAL_DAYS, STARTING_MONTHLY_PRICE } from '@relaycast/shared/plans';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import type { FaqItem } from '../faq-items';

interface FaqAccordionProps {
  items: readonly FaqItem[];
}

/**
 * Questions with one answer open at a time: opening one closes the other, clicking the open one closes it.
 * Each question is a button (Enter and Space work) that says whether it is expanded and which answer it
 * controls.
 */
export function FaqAccordion({ items }: FaqAccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const { t } = useTranslation('faq');
  // The numbers some answers quote, written as the interface's language writes them.
  const values = {
    days: FREE_TRIAL_DAYS,
    price: formatNumber(STARTING_MONTHLY_PRICE, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
  };

  return (
    <div className="divide-y rounded-2xl border bg-card shadow-sm">
      {items.map((item) => {
        const isOpen = item.id === openId;
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id}>
            <h2>
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenId(isOpen ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-medium transition-colors hover:bg-muted/60 sm:px-6"
              >
                {t(item.question)}
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0 text-muted-foreground transition-transform',
                    isOpen && 'rotate-180',
                  )}
                />
              </button>
            </h2>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-pretty text-muted-foreground sm:px-6"
            >
              <p>{t(item.answerKey ?? item.answer, values)}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
