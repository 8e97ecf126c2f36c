import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RoleGate } from '@/components/role-gate';
import { ClipGenerator } from '@/features/clip-generator/components/clip-generator';
import { DueStreamsBanner } from '@/features/planned-streams/components/due-streams-banner';
import { Studio } from '@/features/streaming/components/studio';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * /streaming: the studio, with the clip generator composed into its panel (features never import each
 * other). `?plan=<id>` opens a stream planned on /schedule-stream.
 */
export function StreamingPage() {
  const { t } = useTranslation('streaming');
  usePageMeta(t('Streaming Studio'), t('Go live to several platforms at once from your browser or OBS.'));
  const [params] = useSearchParams();
  return (
    <div className="mx-auto grid max-w-7xl gap-4">
      {/* The studio shows stream keys and goes live: the roles that may not stream see why instead. */}
      <RoleGate permission="stream">
        <DueStreamsBanner />
        <Studio clipGenerator={<ClipGenerator compact />} planId={params.get('plan')} />
      </RoleGate>
    </div>
  );
}
