/**
 * A steady clock for the compositor. Timers in a dedicated worker keep firing when the studio tab is hidden,
 * where requestAnimationFrame stops and would freeze the outgoing stream (docs/decisions/0013-streaming-studio.md).
 * Post an interval in milliseconds to start (or change) the clock, 0 to stop it.
 */
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<number>) => {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  if (event.data > 0) timer = setInterval(() => self.postMessage(performance.now()), event.data);
};
