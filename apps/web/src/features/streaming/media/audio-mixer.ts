/**
 * Mixes the microphone and the shared screen's audio into one stereo track for the recorder. Mute silences
 * the microphone in that mix (the track keeps running, so the recorder never stalls on a missing track).
 */
export class AudioMixer {
  private readonly context: AudioContext;
  private readonly destination: MediaStreamAudioDestinationNode;
  private readonly micGain: GainNode;
  private readonly analyser: AnalyserNode;
  private mic: MediaStreamAudioSourceNode | null = null;
  private screen: MediaStreamAudioSourceNode | null = null;
  private readonly levels: Uint8Array<ArrayBuffer>;

  constructor() {
    this.context = new AudioContext({ sampleRate: 48_000 });
    this.destination = this.context.createMediaStreamDestination();
    this.destination.channelCount = 2;
    this.micGain = this.context.createGain();
    this.analyser = this.context.createAnalyser();
    this.analyser.fftSize = 512;
    this.levels = new Uint8Array(this.analyser.fftSize);
    this.micGain.connect(this.destination);
    this.micGain.connect(this.analyser);
  }

  get track(): MediaStreamTrack {
    const [track] = this.destination.stream.getAudioTracks();
    if (!track) throw new Error('The audio mix has no track.');
    return track;
  }

  /** Browsers start audio suspended until a user gesture; call from the Go Live click. */
  async resume(): Promise<void> {
    if (this.context.state === 'suspended') await this.context.resume();
  }

  setMicrophone(stream: MediaStream | null): void {
    this.mic?.disconnect();
    this.mic =
      stream && stream.getAudioTracks().length > 0 ? this.context.createMediaStreamSource(stream) : null;
    this.mic?.connect(this.micGain);
  }

  setScreenAudio(stream: MediaStream | null): void {
    this.screen?.disconnect();
    this.screen =
      stream && stream.getAudioTracks().length > 0 ? this.context.createMediaStreamSource(stream) : null;
    this.screen?.connect(this.destination);
  }

  setMuted(isMuted: boolean): void {
    this.micGain.gain.setValueAtTime(isMuted ? 0 : 1, this.context.currentTime);
  }

  /** The microphone's level after mute, 0 to 1, for the preview's meter. */
  level(): number {
    this.analyser.getByteTimeDomainData(this.levels);
    let peak = 0;
    for (const value of this.levels) peak = Math.max(peak, Math.abs(value - 128));
    return Math.min(1, peak / 128);
  }

  async close(): Promise<void> {
    this.mic?.disconnect();
    this.screen?.disconnect();
    for (const track of this.destination.stream.getTracks()) track.stop();
    await this.context.close().catch(() => {
      // Already closed.
    });
  }
}
