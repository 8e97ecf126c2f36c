import type { PlannedStream } from '@relaycast/shared/planned-streams';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RoleGate } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { PlannedStreamsList } from '@/features/planned-streams/components/planned-streams-list';
import { ScheduleStreamForm } from '@/features/planned-streams/components/schedule-stream-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function ScheduleStreamPage() {
  const [editing, setEditing] = useState<PlannedStream | null>(null);
  const { t } = useTranslation('planned-streams');
  usePageMeta(
    t('Schedule Stream'),
    t('Plan a live stream: it shows in your calendar and you are reminded when it is time.'),
  );
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('Back to the dashboard')}
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Schedule Stream')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Planned streams appear in your content calendar.')}{' '}
          {t(
            'When it is time you get an e-mail and a reminder on your dashboard, and the studio opens with the stream loaded.',
          )}
        </p>
      </header>
      <RoleGate permission="stream">
        <ScheduleStreamForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <PlannedStreamsList
          onEdit={(stream) => {
            setEditing(stream);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </RoleGate>
    </div>
  );
}
