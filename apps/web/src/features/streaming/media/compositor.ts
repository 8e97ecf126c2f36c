import { FRAME_RATES } from '@relaycast/shared/settings';
import { i18n } from '@/i18n';
import { type CameraCorner, cropCover, fitContain, layoutScene, type Rect, type Size } from '../scene-layout';

export interface CompositorScene {
  name: string;
  hasCamera: boolean;
  hasScreen: boolean;
  cameraCorner: CameraCorner;
}

const BACKGROUND = '#0b1020';
const PLACEHOLDER = '#1e2538';
const TEXT = '#e2e8f0';

function videoFor(stream: MediaStream | null): HTMLVideoElement | null {
  if (!stream || stream.getVideoTracks().length === 0) return null;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => {
    // Autoplay of a muted element is always allowed; a failure here only means the source ended.
  });
  return video;
}

function hasFrame(video: HTMLVideoElement | null): video is HTMLVideoElement {
  return !!video && video.readyState >= 2 && video.videoWidth > 0;
}

/**
 * Draws the current scene on one canvas at a fixed frame rate. The canvas's stream is what gets recorded
 * for the whole session, so switching scenes only changes what is drawn: the recorder never restarts. The
 * clock is a worker timer, which keeps ticking in a hidden tab (requestAnimationFrame does not).
 */
export class SceneCompositor {
  readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private clock: Worker | null = null;
  private scene: CompositorScene;
  private camera: HTMLVideoElement | null = null;
  private screen: HTMLVideoElement | null = null;
  private isCameraOff = false;
  private canvasStream: MediaStream | null = null;

  constructor(
    private size: Size,
    private fps: number,
    scene: CompositorScene,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    const context = this.canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('This browser cannot draw on a canvas.');
    this.context = context;
    this.scene = scene;
  }

  setScene(scene: CompositorScene): void {
    this.scene = scene;
    this.draw();
  }

  setCameraStream(stream: MediaStream | null): void {
    if (this.camera) this.camera.srcObject = null;
    this.camera = videoFor(stream);
  }

  setScreenStream(stream: MediaStream | null): void {
    if (this.screen) this.screen.srcObject = null;
    this.screen = videoFor(stream);
  }

  setCameraOff(isOff: boolean): void {
    this.isCameraOff = isOff;
    this.draw();
  }

  /**
   * The canvas as a video track source. One stream for the whole visit: it takes a frame at each draw (the clock
   * sets the rate), up to the highest frame rate a stream may have, so a new format needs no new stream.
   */
  captureStream(): MediaStream {
    this.canvasStream ??= this.canvas.captureStream(Math.max(...FRAME_RATES));
    return this.canvasStream;
  }

  /**
   * Draws at the stream's own size and frame rate (docs/decisions/0104-encode-once-in-the-browser.md): what the
   * browser then encodes is what the server copies to the platforms. Not while recording: a recorder keeps the
   * size it started with.
   */
  setFormat(size: Size, fps: number): void {
    if (size.width === this.size.width && size.height === this.size.height && fps === this.fps) return;
    this.size = size;
    this.fps = fps;
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    if (this.clock) this.clock.postMessage(Math.round(1000 / fps));
    this.draw();
  }

  /** The size and frame rate it draws at. */
  get format(): { width: number; height: number; fps: number } {
    return { ...this.size, fps: this.fps };
  }

  start(): void {
    if (this.clock) return;
    this.clock = new Worker(new URL('./clock.worker.ts', import.meta.url), { type: 'module' });
    this.clock.onmessage = () => this.draw();
    this.clock.postMessage(Math.round(1000 / this.fps));
    this.draw();
  }

  stop(): void {
    this.clock?.postMessage(0);
    this.clock?.terminate();
    this.clock = null;
    for (const track of this.canvasStream?.getTracks() ?? []) track.stop();
    this.canvasStream = null;
    this.setCameraStream(null);
    this.setScreenStream(null);
  }

  draw(): void {
    const { context, size, scene } = this;
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, size.width, size.height);
    const layout = layoutScene(scene, size);
    if (!layout.main) {
      const t = i18n.getFixedT(null, 'streaming');
      this.drawLabel({ x: 0, y: 0, ...size }, t('{{scene}}: audio only', { scene: scene.name }));
      return;
    }
    if (layout.main.source === 'screen') this.drawScreen(layout.main.box);
    else this.drawCamera(layout.main.box, false);
    if (layout.overlay) this.drawCamera(layout.overlay.box, true);
  }

  private drawScreen(box: Rect): void {
    if (!hasFrame(this.screen)) {
      const t = i18n.getFixedT(null, 'streaming');
      this.drawPlaceholder(box, t('Screen not shared'));
      return;
    }
    const target = fitContain({ width: this.screen.videoWidth, height: this.screen.videoHeight }, box);
    this.context.drawImage(this.screen, target.x, target.y, target.width, target.height);
  }

  private drawCamera(box: Rect, isOverlay: boolean): void {
    if (this.isCameraOff || !hasFrame(this.camera)) {
      const t = i18n.getFixedT(null, 'streaming');
      this.drawPlaceholder(box, this.isCameraOff ? t('Camera off') : t('No camera'), isOverlay);
      return;
    }
    const source = { width: this.camera.videoWidth, height: this.camera.videoHeight };
    if (isOverlay) {
      const crop = cropCover(source, box);
      this.context.drawImage(
        this.camera,
        crop.x,
        crop.y,
        crop.width,
        crop.height,
        box.x,
        box.y,
        box.width,
        box.height,
      );
      this.context.strokeStyle = '#ffffff';
      this.context.lineWidth = 2;
      this.context.strokeRect(box.x, box.y, box.width, box.height);
      return;
    }
    const target = fitContain(source, box);
    this.context.drawImage(this.camera, target.x, target.y, target.width, target.height);
  }

  private drawPlaceholder(box: Rect, label: string, hasBorder = false): void {
    this.context.fillStyle = PLACEHOLDER;
    this.context.fillRect(box.x, box.y, box.width, box.height);
    if (hasBorder) {
      this.context.strokeStyle = '#ffffff';
      this.context.lineWidth = 2;
      this.context.strokeRect(box.x, box.y, box.width, box.height);
    }
    this.drawLabel(box, label);
  }

  private drawLabel(box: Rect, label: string): void {
    const fontSize = Math.max(14, Math.round(box.height / 14));
    this.context.fillStyle = TEXT;
    this.context.font = `600 ${fontSize}px system-ui, sans-serif`;
    this.context.textAlign = 'center';
    this.context.textBaseline = 'middle';
    this.context.fillText(label, box.x + box.width / 2, box.y + box.height / 2);
  }
}
