import { useTranslation } from 'react-i18next';
import { PageHero } from '@/components/page-hero';
import {
  CompanyStory,
  ImpactStats,
  LeadershipTeam,
  RecognitionList,
} from '@/features/about/components/about-sections';
import { usePageMeta } from '@/lib/use-page-meta';

export function AboutPage() {
  const { t } = useTranslation('about');
  usePageMeta(
    t('About'),
    t(
      'Relaycast is an open-source social media platform, started in 2026, that anyone can run on their own server.',
    ),
  );
  return (
    <>
      <PageHero
        eyebrow={t('About Relaycast')}
        title={t('Social media tools that belong to the people who use them')}
        description={t(
          'Our mission is to give every creator and small business the publishing, analytics and live-streaming tools that used to take an agency, and to let them own both the software and their data.',
        )}
      />
      <ImpactStats />
      <CompanyStory />
      <LeadershipTeam />
      <RecognitionList />
    </>
  );
}
