import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A small level bar for the microphone as it goes out (flat when muted). Updated off React's render loop. */
function MicrophoneMeter({ level }: { level: () => number }) {
  const barRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const tick = () => {
      if (barRef.current) barRef.current.style.transform = `scaleX(${Math.min(1, level() * 2.5)})`;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [level]);
  return (
    <span aria-hidden="true" className="block h-1.5 w-20 overflow-hidden rounded-full bg-white/25">
      <span ref={barRef} className="block h-full w-full origin-left scale-x-0 bg-emerald-400" />
    </span>
  );
}

export function StudioPreview({
  stream,
  sceneName,
  isMuted,
  isCameraOff,
  onToggleMute,
  onToggleCamera,
  audioLevel,
  liveBadge,
  children,
}: {
  stream: MediaStream | null;
  sceneName: string;
  isMuted: boolean;
  isCameraOff: boolean;
  onToggleMute(): void;
  onToggleCamera(): void;
  audioLevel(): number;
  /** The LIVE mark with the uptime, while live. */
  liveBadge: ReactNode;
  /** Extra controls after Mute and Camera (Go Live, End Stream). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('streaming');
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);

  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div className="relative aspect-video bg-slate-950">
        <video
          ref={videoRef}
          aria-label={t('Preview of {{scene}}', { scene: sceneName })}
          className="size-full object-contain"
          muted
          playsInline
          autoPlay
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
          {liveBadge ?? <span />}
          <span className="rounded-md bg-black/60 px-2 py-1 text-xs font-medium text-white">{sceneName}</span>
        </div>
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-center gap-2 p-3 text-xs text-white">
          <span className="flex items-center gap-2 rounded-md bg-black/60 px-2 py-1">
            {isMuted ? (
              <MicOff aria-hidden="true" className="size-3.5" />
            ) : (
              <Mic aria-hidden="true" className="size-3.5" />
            )}
            {isMuted ? t('Muted') : <MicrophoneMeter level={audioLevel} />}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 p-3">
        <Button
          variant={isMuted ? 'destructive' : 'outline'}
          aria-pressed={isMuted}
          onClick={onToggleMute}
          className={cn(!isMuted && 'text-foreground')}
        >
          {isMuted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {isMuted ? t('Unmute') : t('Mute')}
        </Button>
        <Button
          variant={isCameraOff ? 'destructive' : 'outline'}
          aria-pressed={isCameraOff}
          onClick={onToggleCamera}
        >
          {isCameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
          {isCameraOff ? t('Camera on') : t('Camera off')}
        </Button>
        <div className="ml-auto flex flex-wrap items-center gap-2">{children}</div>
      </div>
    </div>
  );
}
