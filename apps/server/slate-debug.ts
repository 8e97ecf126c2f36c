import { spawn } from 'node:child_process';
import { startRelay } from './src/modules/streaming/live/relay';
import { spawnFfmpeg } from './src/modules/streaming/live/child';
import { SessionProgram } from './src/modules/streaming/live/session-program';

const log = { info: (o: object, m: string) => console.log('INFO', m, o), warn: (o: object, m: string) => console.log('WARN', m, o) };
const relay = await startRelay({ host: '127.0.0.1', port: 0, dataDir: '/tmp/slate-dbg', reconnectGraceMs: 1000, log,
  authorizePublish: async () => true, onPublish: (k) => { console.log("publish", k, Date.now() - t0); if (k === 'obskey123') program.sourcePublished(); if (k.startsWith('p_')) startSink(); }, onPublishEnd: (k) => console.log('publish end', k) });
const program = new SessionProgram('obskey123', 'p_program1', {
  relay, spawn: (args, o) => { const c = spawnFfmpeg('ffmpeg', args, o); c.onExit((e) => console.log('exit', args.slice(-1)[0], e.code, e.stderrTail.slice(-300))); return c; },
  log, slateFormat: () => ({ width: 320, height: 180, fps: 15, sampleRate: 48000, channels: 2 }), slateImage: null, graceMs: 8000,
}, { sourceLost: () => console.log("LOST", Date.now() - t0), sourceReturned: () => console.log("RETURNED", Date.now() - t0), graceOver: () => console.log('GRACE OVER'), failed: (d) => console.log('FAILED', d) });
function obs(seconds: number) {
  const c = (globalThis as any).obsProc = spawn('ffmpeg', ['-hide_banner','-loglevel','error','-nostdin','-re','-f','lavfi','-i','testsrc2=size=320x180:rate=15','-f','lavfi','-i','sine=sample_rate=48000','-t',String(seconds),'-c:v','libx264','-preset','ultrafast','-g','30','-c:a','aac','-f','flv',relay.localUrl('obskey123')], { stdio: 'inherit' });
  return new Promise((r) => c.on('close', r));
}
let sinkStarted = false;
function startSink() {
  if (sinkStarted) return; sinkStarted = true;
  const c = spawn('ffmpeg', ['-hide_banner','-loglevel','error','-y','-i', relay.localUrl('p_program1'), '-c','copy','/tmp/slate-dbg/out.flv'], { stdio: 'inherit' });
  c.on('close', (code) => console.log('sink exit', code));
}
const t0 = Date.now(); (globalThis as any).t0 = t0;
program.start();
void obs(60);
await new Promise((r) => setTimeout(r, 7000));
(globalThis as any).obsProc.kill('SIGKILL');
console.log('obs1 killed', Date.now() - t0);
await new Promise((r) => setTimeout(r, 4000));
void obs(60);
await new Promise((r) => setTimeout(r, 8000));
(globalThis as any).obsProc.kill('SIGKILL');
console.log('obs2 done', Date.now() - t0, program.framesOut);
await program.stop();
relay.closeReaders('p_program1');
await new Promise((r) => setTimeout(r, 1000));
console.log(program.framesOut);
await relay.stop();
process.exit(0);
