import { LANGUAGES } from '@relaycast/shared/languages';
import { PLATFORM_IDS } from '@relaycast/shared/platforms';
import { STREAM_PLATFORMS } from '@relaycast/shared/streaming/platforms';
import {
  Accessibility,
  GitPullRequest,
  type LucideIcon,
  Server,
  ShieldCheck,
  Terminal,
  Users,
  Wrench,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/components/section-heading';

/** Figures true of this code, counted from what it declares, so the page cannot claim more than it does. */
const IMPACT: readonly { value: string; label: string }[] = [
  { value: String(PLATFORM_IDS.length), label: 'networks to publish to from one calendar' },
  { value: String(STREAM_PLATFORMS.length), label: 'kinds of live destination, any RTMP server among them' },
  { value: String(LANGUAGES.length), label: 'languages the app speaks: English, Spanish, French and German' },
  { value: '100%', label: 'of the code open for anyone to read, run and improve' },
];

export function ImpactStats() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-impact" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="about-impact"
        eyebrow={t('Global impact')}
        title={t('One workspace for every network you post to')}
        description={t(
          'Solo creators, small businesses and agencies can plan, publish, answer and go live without living inside five different apps, on a server they run themselves or one they trust.',
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
          title={t('Started in 2026, built in the open')}
          align="left"
        />
        <div className="grid gap-4 text-pretty text-muted-foreground">
          <p>
            {t(
              'Relaycast began in 2026 from a plain frustration: one tool to schedule, another to stream, a third to read comments and a fourth to see whether any of it worked. Each tool owned a slice of the audience’s data, and none of them talked to each other.',
            )}
          </p>
          <p>
            {t(
              'So it is one app that does all of it, with every line of it published. Anyone can run Relaycast on their own server with a single command; there, your posts, media and analytics live in your own database.',
            )}
          </p>
          <p>
            {t(
              'It is young and says so: what it does today is what this site describes, and what it does not do yet is listed openly in its README.',
            )}
          </p>
        </div>
      </div>
    </section>
  );
}

/** Who makes and runs Relaycast, by role: no invented people. */
const LEADERS: readonly { name: string; role: string; bio: string; icon: LucideIcon }[] = [
  {
    icon: Wrench,
    name: 'Maintainers',
    role: 'Keep the project',
    bio: 'Review every change, keep the tests passing and decide what goes into a release.',
  },
  {
    icon: Users,
    name: 'Contributors',
    role: 'Build it with them',
    bio: 'Anyone can report a problem, propose a feature or send a change; the code is open to read first.',
  },
  {
    icon: Server,
    name: 'Server owners',
    role: 'Run each install',
    bio: 'Whoever runs a Relaycast server chooses its plans, its AI provider and its platform keys, and answers its users.',
  },
];

export function LeadershipTeam() {
  const { t } = useTranslation('about');
  return (
    <section aria-labelledby="about-team" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="about-team"
        eyebrow={t('Leadership')}
        title={t('Who makes Relaycast')}
        description={t(
          'An open project: the people who keep it, the people who build it, and the people who run it.',
        )}
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {LEADERS.map((leader) => (
          <li key={leader.name} className="rounded-xl border bg-card p-6 text-center shadow-sm">
            <span
              aria-hidden="true"
              className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-accent text-lg font-semibold text-accent-foreground"
            >
              <leader.icon className="size-7" />
            </span>
            <h3 className="mt-4 font-semibold">{t(leader.name)}</h3>
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
