import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Leaving the studio ends a stream sent from this tab (the canvas and the recorder live here), so ask first:
 * in-app links through the router's blocker, closing or reloading the tab through `beforeunload`.
 */
export function LeaveLiveGuard({ isSending }: { isSending: boolean }) {
  const { t } = useTranslation('streaming');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return isSending && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!isSending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSending]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !isSending) blocker.proceed();
  }, [blocker, isSending]);

  const isOpen = blocker.state === 'blocked';
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('Leave the studio?')}
      description={t('You are live from this tab. Leaving the studio ends the stream on every destination.')}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => blocker.reset?.()}>
          {t('Stay live')}
        </Button>
        <Button variant="destructive" onClick={() => blocker.proceed?.()}>
          {t('End stream and leave')}
        </Button>
      </div>
    </Dialog>
  );
}
