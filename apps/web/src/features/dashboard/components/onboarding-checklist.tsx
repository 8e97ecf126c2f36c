import { ONBOARDING_TEXT, type Onboarding, type OnboardingStep } from '@relaycast/shared/onboarding';
import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetOnboardingDismissed } from '@/api/onboarding';
import { Button } from '@/components/ui/button';
import { showError } from '@/lib/show-error';

const TEXT = ONBOARDING_TEXT;

/** What a step says and offers: the AI step differs for someone who cannot set the provider. */
function stepContent(step: OnboardingStep, canSetAiProvider: boolean) {
  if (step.id === 'ai' && !canSetAiProvider) {
    return { title: TEXT.steps.aiMember.title, note: TEXT.steps.aiMember.pending, link: null };
  }
  const { title, action, to } = TEXT.steps[step.id];
  return { title, note: null, link: { label: action, to } };
}

/**
 * The getting-started checklist on /dashboard. The server says which steps are done (from the workspace's
 * data); hiding it is kept per user, and a small button brings it back.
 */
export function OnboardingChecklist({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation('dashboard');
  const setDismissed = useSetOnboardingDismissed();
  const save = (dismissed: boolean) =>
    setDismissed.mutate({ dismissed }, { onError: (error) => showError(error) });

  if (onboarding.dismissed) {
    return (
      <div>
        <Button variant="ghost" size="sm" onClick={() => save(false)} disabled={setDismissed.isPending}>
          {t(TEXT.show)}
        </Button>
      </div>
    );
  }

  const doneCount = onboarding.steps.filter((step) => step.done).length;
  const total = onboarding.steps.length;
  return (
    <section aria-labelledby="onboarding-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="onboarding-heading" className="font-semibold">
            {t(TEXT.heading)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {doneCount === total ? t(TEXT.allDone) : t(TEXT.intro)}{' '}
            <span>{t('{{done}} of {{total}} done', { done: doneCount, total })}</span>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => save(true)} disabled={setDismissed.isPending}>
          {t(TEXT.dismiss)}
        </Button>
      </div>
      <ol aria-label={t('Getting-started steps')} className="mt-4 grid gap-2">
        {onboarding.steps.map((step) => {
          const { title, note, link } = stepContent(step, onboarding.canSetAiProvider);
          return (
            <li
              key={step.id}
              aria-label={
                step.done
                  ? t('{{title}}: done', { title: t(title) })
                  : t('{{title}}: to do', { title: t(title) })
              }
              className="flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3"
            >
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className={step.done ? 'text-sm font-medium line-through' : 'text-sm font-medium'}>
                  {t(title)}
                </span>
                {note && !step.done ? <span className="text-sm text-muted-foreground">{t(note)}</span> : null}
              </span>
              {step.done ? (
                <span className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
                  {t(TEXT.done)}
                </span>
              ) : link ? (
                <Link
                  to={link.to}
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                >
                  {t(link.label)}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
