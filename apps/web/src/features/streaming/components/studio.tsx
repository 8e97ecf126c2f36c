import { MAX_STREAM_TITLE, type StreamPlatform } from '@relaycast/shared/streaming';
import { BarChart3, Clapperboard, Layers, Radio, Settings, Square } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LibraryVideoSource } from '@/components/library-video-source';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { type StudioSession, useStudioSession } from '../hooks/use-studio-session';
import { DestinationsPanel } from './destinations-panel';
import { EncoderPace } from './encoder-pace';
import { LeaveLiveGuard } from './leave-live-dialog';
import { LiveBadge } from './live-badge';
import { MediaProgress } from './media-progress';
import { ObsPanel } from './obs-panel';
import { PlatformsList } from './platforms-list';
import { ScenesPanel } from './scenes-panel';
import { SetupDialog } from './setup-dialog';
import { SlateNotice } from './slate-notice';
import { SlatePanel } from './slate-panel';
import { StudioPreview } from './studio-preview';

function Panel({ title, children, id }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4">
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The streaming studio: preview of the current scene with Mute and Camera off, scenes, destinations and
 * their live health, platforms, OBS settings and (composed by the route) the clip generator panel. Its session
 * state (plan, scene, media, broadcast, destination ticks) is `useStudioSession`; this only lays it out.
 */
export function Studio({
  clipGenerator,
  planId = null,
}: {
  clipGenerator?: ReactNode;
  planId?: string | null;
}) {
  const { t } = useTranslation('streaming');
  const studio = useStudioSession(planId);
  const { media, broadcast, phase, session, isLive, needs, scene, sceneName } = studio;
  const [showScenes, setShowScenes] = useState(true);
  const [showClips, setShowClips] = useState(false);
  const [platform, setPlatform] = useState<StreamPlatform | null>(null);

  return (
    // Browsers keep audio suspended until the first click; any click in the studio wakes the level meter.
    <div className="grid grid-cols-1 gap-6" onPointerDown={() => void media.resumeAudio()}>
      <StudioHeader
        showScenes={showScenes}
        onToggleScenes={() => setShowScenes((v) => !v)}
        showClips={showClips}
        onToggleClips={() => setShowClips((v) => !v)}
      />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <StudioPreview
            stream={media.previewStream}
            sceneName={sceneName}
            isMuted={media.isMuted}
            isCameraOff={media.isCameraOff}
            onToggleMute={() => media.setMuted((muted) => !muted)}
            onToggleCamera={() => media.setCameraOff((off) => !off)}
            audioLevel={media.audioLevel}
            liveBadge={session ? <LiveBadge session={session} /> : null}
          >
            {needs.hasScreen && !media.activeSources.screen ? (
              <Button variant="outline" onClick={() => void media.acquire(needs, { includeScreen: true })}>
                {t('Share screen')}
              </Button>
            ) : null}
            {isLive ? (
              <Button
                variant="destructive"
                disabled={phase === 'ending' || phase === 'preparing'}
                onClick={() =>
                  void broadcast.endStream(session?.id ?? null).catch((error: Error) => showError(error))
                }
              >
                {phase === 'ending' ? (
                  <Spinner className="text-white" label={t('Ending')} />
                ) : (
                  <Square aria-hidden="true" />
                )}
                {t('End Stream')}
              </Button>
            ) : (
              <Button onClick={studio.goLive} disabled={studio.video.isStartingVideo}>
                <Radio aria-hidden="true" />
                {studio.video.videoSource ? t('Go Live with the video') : t('Go Live')}
              </Button>
            )}
          </StudioPreview>

          <StudioProblems studio={studio} />
          <StudioStatus studio={studio} />

          {showScenes ? (
            <ScenesPanel scenes={studio.scenes} selectedId={scene.id} onSelect={studio.selectScene} />
          ) : null}
          {showClips ? (
            <section
              aria-labelledby="clip-generator-heading"
              className="min-w-0 rounded-xl border bg-card p-4"
            >
              <h2 id="clip-generator-heading" className="mb-3 font-semibold">
                {t('Clip Generator')}
              </h2>
              {clipGenerator ?? (
                <p className="text-sm text-muted-foreground">{t('The clip generator is not available.')}</p>
              )}
            </section>
          ) : null}
        </div>

        <aside className="grid min-w-0 grid-cols-1 content-start gap-6" aria-label={t('Stream controls')}>
          <Panel title={t('Destinations')} id="destinations-heading">
            <StudioDestinations studio={studio} />
          </Panel>
          <Panel title={t('Platforms')} id="platforms-heading">
            <PlatformsList isLive={isLive} onPick={setPlatform} />
          </Panel>
          <Panel title={t('Stream from OBS')} id="obs-heading">
            <ObsPanel />
          </Panel>
          <Panel title={t('If your source drops')} id="slate-heading">
            <SlatePanel />
          </Panel>
        </aside>
      </div>
      <SetupDialog platform={platform} onClose={() => setPlatform(null)} />
      <LeaveLiveGuard isSending={phase === 'connecting' || phase === 'live' || phase === 'reconnecting'} />
    </div>
  );
}

function StudioHeader({
  showScenes,
  onToggleScenes,
  showClips,
  onToggleClips,
}: {
  showScenes: boolean;
  onToggleScenes(): void;
  showClips: boolean;
  onToggleClips(): void;
}) {
  const { t } = useTranslation('streaming');
  return (
    <header className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Streaming Studio')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Compose your scene, pick your destinations and go live to all of them at once.')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-pressed={showScenes} onClick={onToggleScenes}>
          <Layers aria-hidden="true" />
          {t('Scenes')}
        </Button>
        <Button variant="outline" size="sm" aria-pressed={showClips} onClick={onToggleClips}>
          <Clapperboard aria-hidden="true" />
          {t('Clip Generator')}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to="/stream-analytics">
            <BarChart3 aria-hidden="true" />
            {t('Analytics')}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to="/stream-settings">
            <Settings aria-hidden="true" />
            {t('Settings')}
          </Link>
        </Button>
      </div>
    </header>
  );
}

/** Why the camera, the screen or the stream is not working, or why Go Live did nothing. */
function StudioProblems({ studio }: { studio: StudioSession }) {
  const { captureErrors, streamProblem, goLiveProblem } = studio;
  if (captureErrors.length === 0 && !streamProblem && !goLiveProblem) return null;
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
    >
      {captureErrors.map(([source, message]) => (
        <p key={source}>{message}</p>
      ))}
      {streamProblem ? <p>{translateMessage(streamProblem)}</p> : null}
      {goLiveProblem ? <p>{translateMessage(goLiveProblem)}</p> : null}
    </div>
  );
}

/** The planned stream's note, the stream title and the destinations ticked for this stream. */
function StudioDestinations({ studio }: { studio: StudioSession }) {
  const { t } = useTranslation('streaming');
  const { plan, planQuery, session, isLive, isSelected } = studio;
  return (
    <div className="grid grid-cols-1 gap-4">
      {plan ? (
        <p className="rounded-lg bg-accent px-3 py-2 text-sm text-accent-foreground">
          <Trans
            t={t}
            i18nKey="Planned stream loaded: <strong>{{title}}</strong>. The ticks below apply to this stream only."
            values={{ title: plan.title }}
            components={{ strong: <strong /> }}
          />
        </p>
      ) : planQuery.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('The planned stream could not be loaded: {{message}}', {
            message: planQuery.error.message,
          })}
        </p>
      ) : null}
      {isLive ? null : (
        <LibraryVideoSource value={studio.video.videoSource} onChange={studio.video.setVideoSource} />
      )}
      <FormField
        label={t('Stream title')}
        value={studio.title}
        maxLength={MAX_STREAM_TITLE}
        placeholder={t('Untitled stream')}
        disabled={isLive}
        onChange={(event) => studio.setTitle(event.target.value)}
      />
      {studio.destinationsQuery.isPending ? (
        <Spinner label={t('Loading destinations')} />
      ) : (
        <DestinationsPanel
          destinations={studio.destinations}
          isSelected={(destination) => isSelected(destination.id, destination.enabled)}
          onSelectForPlan={studio.selectForPlan}
          statuses={session?.destinations ?? []}
          isLive={isLive}
        />
      )}
      {session?.ingestHealth && session.source === 'obs' ? (
        <p className="text-xs text-muted-foreground">{t('Receiving from OBS.')}</p>
      ) : null}
    </div>
  );
}

/** What the stream is doing now: the slate, a reconnect, the encoder's pace, a library video's progress. */
function StudioStatus({ studio }: { studio: StudioSession }) {
  const { t } = useTranslation('streaming');
  const { session, phase } = studio;
  return (
    <>
      {session?.slate ? <SlateNotice slate={session.slate} /> : null}
      {phase === 'reconnecting' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="" />
          {t('The connection to the server dropped. Reconnecting…')}
        </p>
      ) : null}
      {session?.ingestPace ? (
        <EncoderPace pace={session.ingestPace} video={session.ingestVideo ?? null} />
      ) : null}
      {session?.media ? <MediaProgress media={session.media} /> : null}
      {phase === 'preparing' || phase === 'connecting' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="" />
          {phase === 'preparing' ? t('Starting your camera and the stream…') : t('Connecting to the server…')}
        </p>
      ) : null}
    </>
  );
}
