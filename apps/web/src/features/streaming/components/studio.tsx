/*
 * Over 300 lines on purpose: the studio is the one place where the scene, the captured media, the broadcast
 * and the destination ticks meet, and they share state that would have to be threaded through props if it
 * were split. The panels themselves (scenes, destinations, OBS, setup, preview) are their own files.
 */
import {
  DEFAULT_SCENE_ID,
  FIXED_SCENES,
  MAX_STREAM_TITLE,
  type Scene,
  STREAMING_MESSAGES,
  type StreamPlatform,
  type StreamSession,
} from '@relaycast/shared/streaming';
import { BarChart3, Clapperboard, Layers, Radio, Settings, Square } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlannedStream } from '@/api/scheduled-streams';
import { useStudioSettings } from '@/api/settings';
import { useDestinations } from '@/api/stream-destinations';
import { useScenes } from '@/api/stream-scenes';
import { useLiveStatus } from '@/api/stream-sessions';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { formatDuration } from '@/lib/format';
import { toast } from '@/lib/toast';
import { isBroadcasting } from '../broadcast-state';
import { useBroadcast } from '../hooks/use-broadcast';
import { type StudioSceneNeeds, useStudioMedia } from '../hooks/use-studio-media';
import { DestinationsPanel } from './destinations-panel';
import { LeaveLiveGuard } from './leave-live-dialog';
import { ObsPanel } from './obs-panel';
import { PlatformsList } from './platforms-list';
import { ScenesPanel } from './scenes-panel';
import { SetupDialog } from './setup-dialog';
import { StudioPreview } from './studio-preview';

function needsOf(scene: Scene): StudioSceneNeeds {
  return {
    name: scene.name,
    hasCamera: scene.sources.includes('camera'),
    hasScreen: scene.sources.includes('screen'),
    hasMicrophone: scene.sources.includes('microphone'),
    cameraCorner: scene.cameraCorner,
  };
}

function LiveBadge({ session }: { session: StreamSession }) {
  const { t } = useTranslation('streaming');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const isStarting = session.status === 'starting';
  return (
    <span
      role="status"
      className="flex items-center gap-2 rounded-md bg-red-600 px-2 py-1 text-xs font-bold tracking-wide text-white"
    >
      <Radio aria-hidden="true" className="size-3.5" />
      {isStarting ? t('STARTING') : t('LIVE')}
      {isStarting ? null : (
        <span className="font-medium tabular-nums">
          {formatDuration((now - Date.parse(session.startedAt)) / 1000)}
        </span>
      )}
    </span>
  );
}

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
 * their live health, platforms, OBS settings and (composed by the route) the clip generator panel.
 */
export function Studio({
  clipGenerator,
  planId = null,
}: {
  clipGenerator?: ReactNode;
  planId?: string | null;
}) {
  const { t } = useTranslation('streaming');
  const planQuery = usePlannedStream(planId);
  const plan = planQuery.data ?? null;
  const scenesQuery = useScenes();
  const scenes = scenesQuery.data?.scenes ?? [...FIXED_SCENES];
  const [sceneId, setSceneId] = useState(DEFAULT_SCENE_ID);
  const scene = scenes.find((s) => s.id === sceneId) ?? (FIXED_SCENES[0] as Scene);
  const needs = useMemo(() => needsOf(scene), [scene]);
  const sceneName = scene.isCustom ? scene.name : t(scene.name);
  const settings = useStudioSettings();
  const media = useStudioMedia(needs, {
    cameraId: settings.data?.stream.videoInput || undefined,
    microphoneId: settings.data?.stream.audioInput || undefined,
  });
  const broadcast = useBroadcast();
  const live = useLiveStatus();
  const destinationsQuery = useDestinations();
  const destinations = destinationsQuery.data?.destinations ?? [];
  const [title, setTitle] = useState(plan?.title ?? '');
  const [showScenes, setShowScenes] = useState(true);
  const [showClips, setShowClips] = useState(false);
  const [platform, setPlatform] = useState<StreamPlatform | null>(null);
  const [goLiveProblem, setGoLiveProblem] = useState<string | null>(null);
  /** A planned stream chooses its own destinations for this stream; otherwise the saved ticks apply. */
  const [planSelection, setPlanSelection] = useState<Set<string> | null>(null);

  const localSession = 'session' in broadcast.state ? broadcast.state.session : null;
  const polled = live.data?.session ?? null;
  const session =
    localSession ?? (polled && (polled.status === 'live' || polled.status === 'starting') ? polled : null);
  const isLive = isBroadcasting(broadcast.state) || session !== null;
  const { acquire } = media;

  // The preview shows the scene's camera and microphone as soon as the studio opens; the screen is only
  // shared on a click, as browsers require.
  useEffect(() => {
    void acquire(needs, { includeScreen: false });
  }, [acquire, needs]);

  useEffect(() => {
    if (!plan) return;
    setTitle((current) => current || plan.title);
    if (plan.destinationIds.length > 0) setPlanSelection(new Set(plan.destinationIds));
  }, [plan]);
  const isSelected = (id: string, enabled: boolean) => (planSelection ? planSelection.has(id) : enabled);

  // Toast once when a stream this tab was sending ends without an error.
  const previousPhase = useRef(broadcast.state.phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = broadcast.state.phase;
    if (
      before !== 'idle' &&
      before !== 'preparing' &&
      broadcast.state.phase === 'idle' &&
      !broadcast.state.error
    ) {
      toast.success(translateMessage(STREAMING_MESSAGES.streamEnded));
    }
  }, [broadcast.state]);

  function selectScene(next: Scene) {
    setSceneId(next.id);
    const nextNeeds = needsOf(next);
    if (nextNeeds.hasScreen && !media.activeSources.screen) void acquire(nextNeeds, { includeScreen: true });
    broadcast.announceScene(next.id);
  }

  function goLive() {
    const enabled = destinations.filter((d) => isSelected(d.id, d.enabled)).map((d) => d.id);
    if (enabled.length === 0) {
      setGoLiveProblem(STREAMING_MESSAGES.noDestinations);
      return;
    }
    setGoLiveProblem(null);
    void broadcast.goLive({
      title: title.trim() || undefined,
      destinationIds: enabled,
      ...(plan ? { scheduledStreamId: plan.id } : {}),
      sceneId: scene.id,
      videoBitrateKbps: settings.data?.stream.bitrate ?? 4500,
      prepare: async () => {
        await media.resumeAudio();
        const isReady = await acquire(needs, { includeScreen: true });
        if (!isReady) {
          return {
            error: t('{{scene}} needs its sources: fix the problem shown above, or pick another scene.', {
              scene: sceneName,
            }),
          };
        }
        const stream = media.outgoingStream();
        return stream ? { stream } : { error: t('The studio is not ready yet. Try again in a moment.') };
      },
    });
  }

  const captureErrors = Object.entries(media.errors).filter(([, message]) => message) as [string, string][];
  const streamProblem = broadcast.state.phase === 'idle' ? broadcast.state.error : null;
  const phase = broadcast.state.phase;

  return (
    // Browsers keep audio suspended until the first click; any click in the studio wakes the level meter.
    <div className="grid grid-cols-1 gap-6" onPointerDown={() => void media.resumeAudio()}>
      <header className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Streaming Studio')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t('Compose your scene, pick your destinations and go live to all of them at once.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={showScenes}
            onClick={() => setShowScenes((v) => !v)}
          >
            <Layers aria-hidden="true" />
            {t('Scenes')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={showClips}
            onClick={() => setShowClips((v) => !v)}
          >
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
              <Button variant="outline" onClick={() => void acquire(needs, { includeScreen: true })}>
                {t('Share screen')}
              </Button>
            ) : null}
            {isLive ? (
              <Button
                variant="destructive"
                disabled={phase === 'ending' || phase === 'preparing'}
                onClick={() =>
                  void broadcast
                    .endStream(session?.id ?? null)
                    .catch((error: Error) => toast.error(error.message))
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
              <Button onClick={goLive}>
                <Radio aria-hidden="true" />
                {t('Go Live')}
              </Button>
            )}
          </StudioPreview>

          {captureErrors.length > 0 || streamProblem || goLiveProblem ? (
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
          ) : null}
          {phase === 'preparing' || phase === 'connecting' ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label="" />
              {phase === 'preparing'
                ? t('Starting your camera and the stream…')
                : t('Connecting to the server…')}
            </p>
          ) : null}

          {showScenes ? <ScenesPanel scenes={scenes} selectedId={scene.id} onSelect={selectScene} /> : null}
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
              <FormField
                label={t('Stream title')}
                value={title}
                maxLength={MAX_STREAM_TITLE}
                placeholder={t('Untitled stream')}
                disabled={isLive}
                onChange={(event) => setTitle(event.target.value)}
              />
              {destinationsQuery.isPending ? (
                <Spinner label={t('Loading destinations')} />
              ) : (
                <DestinationsPanel
                  destinations={destinations}
                  isSelected={(destination) => isSelected(destination.id, destination.enabled)}
                  onSelectForPlan={
                    planSelection
                      ? (id, checked) =>
                          setPlanSelection((current) => {
                            const next = new Set(current);
                            if (checked) next.add(id);
                            else next.delete(id);
                            return next;
                          })
                      : null
                  }
                  statuses={session?.destinations ?? []}
                  isLive={isLive}
                />
              )}
              {session?.ingestHealth && session.source === 'obs' ? (
                <p className="text-xs text-muted-foreground">{t('Receiving from OBS.')}</p>
              ) : null}
            </div>
          </Panel>
          <Panel title={t('Platforms')} id="platforms-heading">
            <PlatformsList isLive={isLive} onPick={setPlatform} />
          </Panel>
          <Panel title={t('Stream from OBS')} id="obs-heading">
            <ObsPanel />
          </Panel>
        </aside>
      </div>
      <SetupDialog platform={platform} onClose={() => setPlatform(null)} />
      <LeaveLiveGuard isSending={phase === 'connecting' || phase === 'live'} />
    </div>
  );
}
