import { RESOLUTION_SIZES, type Resolution } from '@relaycast/shared/settings';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '@/i18n';
import { AudioMixer } from '../media/audio-mixer';
import {
  CaptureError,
  type CaptureSource,
  captureCamera,
  captureMicrophone,
  captureScreen,
  stopStream,
} from '../media/capture';
import { type CompositorScene, SceneCompositor } from '../media/compositor';

/**
 * The studio canvas until the stream settings are loaded (their default, 720p at 30 fps); then it draws at the
 * settings' size and rate (setFormat), so the server copies what the browser encodes (decision 0104).
 */
export const STUDIO_CANVAS = { width: 1280, height: 720 } as const;
export const STUDIO_FPS = 30;

/** The canvas's size and frame rate for the user's stream settings. */
export function studioFormatOf(stream: { resolution: Resolution; fps: number } | undefined): StudioFormat {
  if (!stream) return { ...STUDIO_CANVAS, fps: STUDIO_FPS };
  return { ...RESOLUTION_SIZES[stream.resolution], fps: stream.fps };
}

/** The canvas draws at the stream settings' size and rate while not live, so the server can copy its video. */
export function useCanvasFormat(
  setFormat: (format: StudioFormat) => void,
  stream: { resolution: Resolution; fps: number } | undefined,
  isLive: boolean,
) {
  useEffect(() => {
    if (!isLive) setFormat(studioFormatOf(stream));
  }, [isLive, setFormat, stream]);
}

export interface StudioFormat {
  width: number;
  height: number;
  fps: number;
}

/** A capture that failed without saying why. */
function cannotStart(source: CaptureSource): string {
  const t = i18n.getFixedT(null, 'streaming');
  if (source === 'camera') return t('The camera could not be started.');
  if (source === 'microphone') return t('The microphone could not be started.');
  return t('The screen could not be started.');
}

export interface StudioSceneNeeds extends CompositorScene {
  hasMicrophone: boolean;
}

export type CaptureErrors = Partial<Record<CaptureSource, string>>;

interface Sources {
  camera: MediaStream | null;
  microphone: MediaStream | null;
  screen: MediaStream | null;
}

export interface DevicePreferences {
  cameraId?: string;
  microphoneId?: string;
}

/**
 * Owns everything captured in the studio: the sources the current scene needs, the canvas that composes
 * them and the audio mix. `acquire` asks for what is missing (the screen only on a click, as browsers
 * require); the composed stream stays the same object for the whole visit.
 */
// function-budget: useStudioMedia is one state machine whose effects share refs; split when it next changes
export function useStudioMedia(scene: StudioSceneNeeds, devices: DevicePreferences = {}) {
  const compositorRef = useRef<SceneCompositor | null>(null);
  const mixerRef = useRef<AudioMixer | null>(null);
  const sourcesRef = useRef<Sources>({ camera: null, microphone: null, screen: null });
  /** Captures under way, so a click and an effect asking at once share one permission prompt. */
  const pendingRef = useRef<Partial<Record<CaptureSource, Promise<MediaStream>>>>({});
  const [errors, setErrors] = useState<CaptureErrors>({});
  const [isMuted, setMuted] = useState(false);
  const [isCameraOff, setCameraOff] = useState(false);
  const [previewStream, setPreviewStream] = useState<MediaStream | null>(null);
  const [activeSources, setActiveSources] = useState<Record<CaptureSource, boolean>>({
    camera: false,
    microphone: false,
    screen: false,
  });

  // The compositor lives for the whole visit; later scenes are pushed to it by the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, with the scene of the first render
  useEffect(() => {
    const compositor = new SceneCompositor(STUDIO_CANVAS, STUDIO_FPS, scene);
    compositorRef.current = compositor;
    compositor.start();
    setPreviewStream(compositor.captureStream());
    let mixer: AudioMixer | null = null;
    try {
      mixer = new AudioMixer();
    } catch {
      const t = i18n.getFixedT(null, 'streaming');
      setErrors((current) => ({ ...current, microphone: t('This browser cannot mix audio for streaming.') }));
    }
    mixerRef.current = mixer;
    const sources = sourcesRef.current;
    return () => {
      compositor.stop();
      void mixer?.close();
      stopStream(sources.camera);
      stopStream(sources.microphone);
      stopStream(sources.screen);
      sourcesRef.current = { camera: null, microphone: null, screen: null };
      compositorRef.current = null;
      mixerRef.current = null;
    };
  }, []);

  // The shared screen's own audio is only heard in scenes that show the screen.
  const sceneRef = useRef(scene);
  useEffect(() => {
    sceneRef.current = scene;
    compositorRef.current?.setScene(scene);
    mixerRef.current?.setScreenAudio(scene.hasScreen ? sourcesRef.current.screen : null);
  }, [scene]);

  // Read by `acquire` without making it change identity (which would re-run the studio's capture effect).
  const togglesRef = useRef({ isMuted, isCameraOff });
  togglesRef.current = { isMuted, isCameraOff };

  useEffect(() => {
    mixerRef.current?.setMuted(isMuted);
    for (const track of sourcesRef.current.microphone?.getAudioTracks() ?? []) track.enabled = !isMuted;
  }, [isMuted]);

  useEffect(() => {
    compositorRef.current?.setCameraOff(isCameraOff);
    for (const track of sourcesRef.current.camera?.getVideoTracks() ?? []) track.enabled = !isCameraOff;
  }, [isCameraOff]);

  const attach = useCallback((source: CaptureSource, stream: MediaStream | null) => {
    sourcesRef.current = { ...sourcesRef.current, [source]: stream };
    if (source === 'camera') compositorRef.current?.setCameraStream(stream);
    if (source === 'screen') {
      compositorRef.current?.setScreenStream(stream);
      mixerRef.current?.setScreenAudio(sceneRef.current.hasScreen ? stream : null);
    }
    if (source === 'microphone') mixerRef.current?.setMicrophone(stream);
    setActiveSources((current) => ({ ...current, [source]: !!stream }));
  }, []);

  /** Captures each source the scene needs that is not running yet; returns true when all of them are. */
  const acquire = useCallback(
    async (needs: StudioSceneNeeds, options: { includeScreen: boolean }): Promise<boolean> => {
      const wanted: CaptureSource[] = [];
      if (needs.hasCamera) wanted.push('camera');
      if (needs.hasMicrophone) wanted.push('microphone');
      if (needs.hasScreen && options.includeScreen) wanted.push('screen');
      let isComplete = !(needs.hasScreen && !options.includeScreen && !sourcesRef.current.screen);
      for (const source of wanted) {
        if (sourcesRef.current[source]) continue;
        const pending = pendingRef.current[source];
        if (pending) {
          const stream = await pending.catch(() => null);
          if (!stream) isComplete = false;
          continue;
        }
        try {
          const capture =
            source === 'camera'
              ? captureCamera({ deviceId: devices.cameraId })
              : source === 'microphone'
                ? captureMicrophone({ deviceId: devices.microphoneId })
                : captureScreen();
          pendingRef.current[source] = capture;
          const stream = await capture.finally(() => {
            delete pendingRef.current[source];
          });
          if (!compositorRef.current) {
            stopStream(stream);
            return false;
          }
          if (source === 'camera') {
            for (const track of stream.getVideoTracks()) track.enabled = !togglesRef.current.isCameraOff;
          }
          if (source === 'microphone') {
            for (const track of stream.getAudioTracks()) track.enabled = !togglesRef.current.isMuted;
          }
          for (const track of stream.getTracks()) {
            track.addEventListener('ended', () => {
              if (sourcesRef.current[source] === stream) attach(source, null);
            });
          }
          attach(source, stream);
          setErrors((current) => ({ ...current, [source]: undefined }));
        } catch (error) {
          isComplete = false;
          const message = error instanceof CaptureError ? error.message : cannotStart(source);
          setErrors((current) => ({ ...current, [source]: message }));
        }
      }
      return isComplete;
    },
    [attach, devices.cameraId, devices.microphoneId],
  );

  /** The composed video and mixed audio, for the recorder. */
  /** Draws at this size and rate from now on (not while live: the recorder keeps the size it started with). */
  const setFormat = useCallback((format: StudioFormat) => {
    compositorRef.current?.setFormat({ width: format.width, height: format.height }, format.fps);
  }, []);

  /** The size and rate the canvas draws at now: what the recorder will encode. */
  const format = useCallback(
    (): StudioFormat => compositorRef.current?.format ?? { ...STUDIO_CANVAS, fps: STUDIO_FPS },
    [],
  );

  const outgoingStream = useCallback((): MediaStream | null => {
    const compositor = compositorRef.current;
    const mixer = mixerRef.current;
    if (!compositor || !mixer) return null;
    return new MediaStream([...compositor.captureStream().getVideoTracks(), mixer.track]);
  }, []);

  const resumeAudio = useCallback(async () => {
    await mixerRef.current?.resume();
  }, []);

  const audioLevel = useCallback(() => mixerRef.current?.level() ?? 0, []);

  return {
    previewStream,
    errors,
    activeSources,
    isMuted,
    setMuted,
    isCameraOff,
    setCameraOff,
    acquire,
    outgoingStream,
    setFormat,
    format,
    resumeAudio,
    audioLevel,
  };
}
