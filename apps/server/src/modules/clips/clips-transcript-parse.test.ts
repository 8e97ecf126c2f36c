import { describe, expect, it } from 'vitest';
import { scoreClips, type VideoSignals } from './clips-score';
import { parseTranscription, transcriptionArgs, wordsPerSecond } from './clips-transcript';

/** What `silencedetect` + `asr` + `ametadata=mode=print` write for speech at 10–13.0 s and 13.3–14.37 s. */
const ONE_UTTERANCE = `frame:6    pts:4442    pts_time:0.277625
lavfi.silence_start=0
frame:215  pts:159737  pts_time:9.98356
lavfi.silence_end=10.0132
lavfi.silence_duration=10.0132
frame:286  pts:212493  pts_time:13.2808
lavfi.silence_start=13.0043
lavfi.silence_end=13.3179
lavfi.silence_duration=0.313563
frame:315  pts:234041  pts_time:14.6276
lavfi.silence_start=14.3699
frame:320  pts:237756  pts_time:14.8598
lavfi.asr.text=this is a test   of the speech recognition
`;

describe('parseTranscription', () => {
  it('starts an utterance where the silence before it ends and ends it where the next silence starts', () => {
    // A pause shorter than PocketSphinx's own end of utterance (13.0–13.3 s) stays inside it.
    expect(parseTranscription(ONE_UTTERANCE, 30)).toEqual([
      { start: 10.013, end: 14.37, text: 'this is a test of the speech recognition' },
    ]);
  });

  it('chains utterances: the next starts where the silence after the one before ends', () => {
    const text = `frame:1 pts:1 pts_time:2.5
lavfi.silence_start=2.1
frame:2 pts:2 pts_time:2.8
lavfi.asr.text=hello world
frame:3 pts:3 pts_time:4.0
lavfi.silence_end=4.0
frame:4 pts:4 pts_time:6.6
lavfi.silence_start=6.2
frame:5 pts:5 pts_time:6.9
lavfi.asr.text=good bye
frame:6 pts:6 pts_time:7.0
lavfi.asr.text=
`;
    // Speech from the very start (no silence before it): the first starts at 0. An empty report is left out.
    expect(parseTranscription(text, 8)).toEqual([
      { start: 0, end: 2.1, text: 'hello world' },
      { start: 4, end: 6.2, text: 'good bye' },
    ]);
  });

  it('uses the report times when there is no silence (speech over music), within the video', () => {
    const text = `frame:1 pts:1 pts_time:3
lavfi.asr.text=one two
frame:2 pts:2 pts_time:9.5
lavfi.asr.text=three
`;
    expect(parseTranscription(text, 8)).toEqual([
      { start: 0, end: 3, text: 'one two' },
      { start: 3, end: 8, text: 'three' },
    ]);
    expect(parseTranscription('', 8)).toEqual([]);
  });
});

describe('transcriptionArgs', () => {
  it('runs asr after silencedetect and apad on 16 kHz mono, and refuses unusual paths', () => {
    const args = transcriptionArgs('/tmp/in', '/tmp/out.txt', '/usr/share/pocketsphinx/model/en-us');
    const chain = args[args.indexOf('-af') + 1]!;
    expect(chain).toMatch(/^aresample=16000,.*silencedetect=.*apad=pad_dur=2,asr=hmm=\/usr\/share/);
    expect(chain).toMatch(/ametadata=mode=print:file=\/tmp\/out\.txt$/);
    expect(() => transcriptionArgs('/tmp/in', '/tmp/out.txt', '/models/a:b')).toThrow(/unsafe/);
  });
});

describe('the speech signal', () => {
  it('spreads words over their utterance', () => {
    expect(wordsPerSecond([{ start: 1.5, end: 3.5, text: 'a b c d' }], 5)).toEqual([0, 1, 2, 1, 0]);
  });

  it('moves the top clip to the speech when the video has a transcript, and changes nothing without one', () => {
    const base: VideoSignals = {
      durationSeconds: 60,
      loudness: new Array(60).fill(-30),
      silence: new Array(60).fill(0),
      scenes: Array.from({ length: 60 }, (_, second) => (second === 5 ? 0.3 : 0)),
    };
    const [plain] = scoreClips(base, 15);
    expect(plain!.signals).toEqual({ loudness: 0, scenes: 1, silence: 0 });
    const speech = wordsPerSecond(
      [{ start: 40, end: 50, text: 'so many words are spoken right here now' }],
      60,
    );
    const [top, second] = scoreClips({ ...base, speech }, 15);
    expect(top!.start).toBeLessThanOrEqual(40);
    expect(top!.end).toBeGreaterThanOrEqual(50);
    expect(top!.signals.speech).toBe(1);
    expect(top!.reason).toMatch(/^Speech \(0\.5 words a second\)/);
    // The cut still makes a clip, with 0.25 of the score (its weight with a transcript).
    expect(second!.signals).toEqual({ loudness: 0, scenes: 1, silence: 0, speech: 0 });
    expect(second!.score).toBeCloseTo(0.25, 3);
  });
});
