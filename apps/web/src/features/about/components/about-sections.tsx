import { Accessibility, GitPullRequest, type LucideIcon, ShieldCheck, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/components/section-heading';

const IMPACT: readonly { value: string; label: string }[] = [
  { value: '50+', label: 'countries where customers publish with Relaycast' },
  { value: '2023', label: 'the year the first line of Relaycast was written' },
  { value: '6', label: 'networks to publish and stream to from one workspace' },
  { value: '100%', label: 'of the code open for anyone to read, run and improve' },
];

export function ImpactStats() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-impact" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="about-impact"
        eyebrow={t('Global impact')}
        title={t('Used by creators and businesses in over 50 countries')}
        description={t(
          'From solo illustrators to regional retailers and agencies, people use Relaycast to show up every day without living inside five different apps.',
        )}
      />
      <dl className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {IMPACT.map((item) => (
          <div key={item.label} className="flex flex-col rounded-xl border bg-card p-6 text-center shadow-sm">
            <dt className="order-2 mt-2 text-sm text-muted-foreground">{t(item.label)}</dt>
            <dd className="order-1 text-4xl font-bold tracking-tight text-primary">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CompanyStory() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-story" className="border-y bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <SectionHeading
          id="about-story"
          eyebrow={t('Our story')}
          title={t('Founded in 2023, built in the open')}
          align="left"
        />
        <div className="grid gap-4 text-pretty text-muted-foreground">
          <p>
            {t(
              'Relaycast began in 2023 when a small team of creators and engineers got tired of paying for one tool to schedule, another to stream, a third to read comments and a fourth to see whether any of it worked. Each tool owned a slice of their audience’s data, and none of them talked to each other.',
            )}
          </p>
          <p>
            {t(
              'So we built one app that does all of it and published every line of it. Anyone can run Relaycast on their own server with a single command, and the same code powers our hosted plans. If you outgrow us, your posts, media and analytics stay with you.',
            )}
          </p>
          <p>
            {t(
              'Today Relaycast is shaped by the people who use it: most of what ships starts as a request in our community, and a good part of it is written there too.',
            )}
          </p>
        </div>
      </div>
    </section>
  );
}

const LEADERS: readonly { name: string; role: string; bio: string }[] = [
  {
    name: 'Maya Okafor',
    role: 'Co-founder and CEO',
    bio: 'Ran social media for a chain of independent bookshops before deciding the tools had to change.',
  },
  {
    name: 'Daniel Reyes',
    role: 'Co-founder and CTO',
    bio: 'Built video pipelines for live events; leads the streaming, media and self-hosting work.',
  },
  {
    name: 'Lena Vogel',
    role: 'Head of Product and Community',
    bio: 'Turns community requests into the roadmap and keeps Relaycast simple to run and to use.',
  },
];

function initialsOf(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function LeadershipTeam() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-team" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="about-team"
        eyebrow={t('Leadership')}
        title={t('The team behind Relaycast')}
        description={t('Three people lead the project; dozens of contributors build it with them.')}
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {LEADERS.map((leader) => (
          <li key={leader.name} className="rounded-xl border bg-card p-6 text-center shadow-sm">
            <span
              aria-hidden="true"
              className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-accent text-lg font-semibold text-accent-foreground"
            >
              {initialsOf(leader.name)}
            </span>
            <h3 className="mt-4 font-semibold">{leader.name}</h3>
            <p className="text-sm font-medium text-primary">{t(leader.role)}</p>
            <p className="mt-3 text-sm text-muted-foreground">{t(leader.bio)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const RECOGNITION: readonly { title: string; detail: string; icon: LucideIcon }[] = [
  {
    title: 'Built in the open',
    detail: 'The code, the roadmap and every change are public, and anyone can propose the next feature.',
    icon: GitPullRequest,
  },
  {
    title: 'Self-hosting in one command',
    detail: 'One command starts the whole platform, database included. PostgreSQL when you need to scale.',
    icon: Terminal,
  },
  {
    title: 'Accessible by default',
    detail: 'Every public page is checked against WCAG 2.1 AA on each change and works from the keyboard.',
    icon: Accessibility,
  },
  {
    title: 'Private by design',
    detail:
      'Self-hosted installs send nothing to us, and platform tokens and stream keys are encrypted at rest.',
    icon: ShieldCheck,
  },
];

export function RecognitionList() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-recognition" className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="about-recognition"
          eyebrow={t('Recognition')}
          title={t('What people notice about Relaycast')}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {RECOGNITION.map(({ title, detail, icon: Icon }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-4 font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(detail)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
