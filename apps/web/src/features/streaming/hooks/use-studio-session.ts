import { DEFAULT_SCENE_ID, FIXED_SCENES, type Scene, STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlannedStream } from '@/api/planned-streams';
import { useStudioSettings } from '@/api/settings';
import { useDestinations } from '@/api/stream-destinations';
import { useScenes } from '@/api/stream-scenes';
import { useLiveStatus } from '@/api/stream-sessions';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { type BroadcastState, isBroadcasting } from '../broadcast-state';
import { useBroadcast } from './use-broadcast';
import { useLibraryVideoStream } from './use-library-video-stream';
import { type StudioSceneNeeds, useCanvasFormat, useStudioMedia } from './use-studio-media';

function needsOf(scene: Scene): StudioSceneNeeds {
  return {
    name: scene.name,
    hasCamera: scene.sources.includes('camera'),
    hasScreen: scene.sources.includes('screen'),
    hasMicrophone: scene.sources.includes('microphone'),
    cameraCorner: scene.cameraCorner,
  };
}

/** A planned stream chooses its own destinations for this stream; otherwise the saved ticks apply. */
function usePlanTicks() {
  const [planSelection, setPlanSelection] = useState<Set<string> | null>(null);
  return {
    setPlanSelection,
    isSelected: (id: string, enabled: boolean) => (planSelection ? planSelection.has(id) : enabled),
    /** Ticks or unticks a destination for this planned stream only; null when no plan chose destinations. */
    selectForPlan: planSelection
      ? (id: string, checked: boolean) =>
          setPlanSelection((current) => {
            const next = new Set(current);
            if (checked) next.add(id);
            else next.delete(id);
            return next;
          })
      : null,
  };
}

/** Toasts once when a stream this tab was sending ends without an error. */
function useToastWhenStreamEnds(state: BroadcastState) {
  const previousPhase = useRef(state.phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = state.phase;
    if (before !== 'idle' && before !== 'preparing' && state.phase === 'idle' && !state.error) {
      toast.success(translateMessage(STREAMING_MESSAGES.streamEnded));
    }
  }, [state]);
}

/**
 * The studio's session state: the planned stream it was opened for, the scene and its captured media, the
 * broadcast and the live session (this tab's, or the one the server reports), the title, the destinations
 * ticked for this stream, and the actions that change them (pick a scene, go live). The Studio component only
 * lays it out.
 */
export function useStudioSession(planId: string | null) {
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
  const [goLiveProblem, setGoLiveProblem] = useState<string | null>(null);
  const { isSelected, selectForPlan, setPlanSelection } = usePlanTicks();
  // "Stream a video from the library" instead of the camera.
  const video = useLibraryVideoStream(setGoLiveProblem);
  const { setVideoSource } = video;

  const localSession = 'session' in broadcast.state ? broadcast.state.session : null;
  const polled = live.data?.session ?? null;
  const session =
    localSession ?? (polled && (polled.status === 'live' || polled.status === 'starting') ? polled : null);
  const isLive = isBroadcasting(broadcast.state) || session !== null;
  const { acquire } = media;
  useCanvasFormat(media.setFormat, settings.data?.stream, isLive);

  // The preview shows the scene's camera and microphone as soon as the studio opens; the screen is only
  // shared on a click, as browsers require.
  useEffect(() => {
    void acquire(needs, { includeScreen: false });
  }, [acquire, needs]);

  useEffect(() => {
    if (!plan) return;
    setTitle((current) => current || plan.title);
    if (plan.destinationIds.length > 0) setPlanSelection(new Set(plan.destinationIds));
    if (plan.source) setVideoSource(plan.source);
  }, [plan, setPlanSelection, setVideoSource]);
  useToastWhenStreamEnds(broadcast.state);

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
    if (video.videoSource) {
      const titled = title.trim() || undefined;
      video.goLiveWithVideo({ title: titled, destinationIds: enabled, scheduledStreamId: plan?.id });
      return;
    }
    void broadcast.goLive({
      title: title.trim() || undefined,
      destinationIds: enabled,
      ...(plan ? { scheduledStreamId: plan.id } : {}),
      sceneId: scene.id,
      videoBitrateKbps: settings.data?.stream.bitrate ?? 4500,
      format: media.format(),
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

  return {
    plan,
    planQuery,
    scenes,
    scene,
    sceneName,
    needs,
    media,
    broadcast,
    phase,
    session,
    isLive,
    title,
    setTitle,
    destinations,
    destinationsQuery,
    isSelected,
    selectForPlan,
    goLiveProblem,
    video,
    captureErrors,
    streamProblem,
    selectScene,
    goLive,
  };
}

export type StudioSession = ReturnType<typeof useStudioSession>;
