import { describe, expect, it } from 'vitest';
import { HealthMeter, ProgressParser, parseProgressBlock } from './progress';

const BLOCK = [
  'frame=150',
  'fps=30.00',
  'stream_0_0_q=-1.0',
  'bitrate=N/A',
  'total_size=1875000',
  'out_time_us=5000000',
  'out_time_ms=5000000',
  'out_time=00:00:05.000000',
  'dup_frames=0',
  'drop_frames=2',
  'speed=1.00x',
  'progress=continue',
  '',
].join('\n');

describe('-progress parser', () => {
  it('emits one block per progress= line, whatever the chunking', () => {
    const parser = new ProgressParser();
    const blocks = [];
    for (let i = 0; i < BLOCK.length; i += 7) blocks.push(...parser.push(BLOCK.slice(i, i + 7)));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toEqual({
      frame: 150,
      fps: 30,
      bitrateKbps: null,
      totalSizeBytes: 1_875_000,
      outTimeUs: 5_000_000,
      dropFrames: 2,
      dupFrames: 0,
      speed: 1,
      isEnd: false,
    });
  });

  it('reads out_time_ms as microseconds when out_time_us is missing, and N/A as null', () => {
    const block = parseProgressBlock(
      new Map([
        ['out_time_ms', '2500000'],
        ['bitrate', '2999.9kbits/s'],
        ['total_size', 'N/A'],
        ['speed', 'N/A'],
        ['progress', 'end'],
      ]),
    );
    expect(block).toMatchObject({
      outTimeUs: 2_500_000,
      bitrateKbps: 2999.9,
      totalSizeBytes: null,
      speed: null,
      isEnd: true,
    });
  });

  it('handles CRLF lines and several blocks in one chunk', () => {
    const parser = new ProgressParser();
    const two = `${BLOCK}${BLOCK.replace('out_time_us=5000000', 'out_time_us=6000000')}`.replaceAll(
      '\n',
      '\r\n',
    );
    expect(parser.push(two).map((b) => b.outTimeUs)).toEqual([5_000_000, 6_000_000]);
  });
});

describe('health meter', () => {
  it('derives the bitrate from total_size over out_time when ffmpeg says N/A', () => {
    const meter = new HealthMeter();
    const block = (size: number, us: number) =>
      parseProgressBlock(
        new Map([
          ['total_size', String(size)],
          ['out_time_us', String(us)],
          ['bitrate', 'N/A'],
          ['fps', '30'],
          ['drop_frames', '1'],
        ]),
      );
    // 375 000 bytes in the first second = 3000 kbit/s.
    expect(meter.update(block(375_000, 1_000_000)).bitrateKbps).toBe(3000);
    // Next second 562 500 bytes = 4500 kbit/s over that interval, not the run's average.
    expect(meter.update(block(937_500, 2_000_000))).toEqual({ bitrateKbps: 4500, fps: 30, droppedFrames: 1 });
    // Media time not moving keeps the last figure.
    expect(meter.update(block(937_500, 2_000_000)).bitrateKbps).toBe(4500);
  });

  it('falls back to the reported bitrate before any size is known', () => {
    const meter = new HealthMeter();
    const block = parseProgressBlock(
      new Map([
        ['bitrate', '1234.5kbits/s'],
        ['out_time_us', 'N/A'],
      ]),
    );
    expect(meter.update(block).bitrateKbps).toBe(1234.5);
  });
});
