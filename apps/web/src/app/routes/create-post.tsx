import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';
import { ComposerScreen } from './post-composer';

/**
 * Create Post, where the home page's AI prompt and Features' "AI Content Creation" lead: the same composer with
 * the assistant as /post-composer (app/routes/post-composer.tsx), under its own title and a way back to Features.
 */
export function CreatePostPage() {
  const { t } = useTranslation('composer');
  usePageMeta(
    t('Create Post'),
    t('Write a post for your social channels with the Relaycast AI Content Assistant.'),
  );
  return (
    <ComposerScreen
      path="/create-post"
      header={
        <>
          <div>
            <Button asChild variant="ghost" size="sm" className="-ml-3">
              <Link to="/features">
                <ArrowLeft aria-hidden="true" />
                {t('Back to features')}
              </Link>
            </Button>
          </div>
          <header className="-mt-2">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Create Post')}</h1>
            <p className="mt-2 text-muted-foreground">
              {t('Start from your idea, shape it for each network, then save or schedule it.')}
            </p>
          </header>
        </>
      }
    />
  );
}
