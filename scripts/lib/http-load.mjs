// An HTTP load test as the benchmarks run it: autocannon's clients in a closed loop, one continuous run whose
// first seconds are the warm-up and are not sampled (docs/decisions/0055).
//
// Why one run, not a warm-up run and then a measured one: autocannon opens new connections for every run, and a
// server whose event loop is saturated (PGlite runs in it) accepts one new connection per loop iteration: the
// last of 10 clients waited 150-300 ms for its connection, and those first requests were a third of PGlite's
// p99. The warm-up is there for the JIT, the pools, the caches and the connections alike.
import { assertMeasured, percentile } from './baseline.mjs';

/**
 * `connections` clients request `url` for `warmupSeconds + seconds`; only requests sent after the warm-up count.
 * Returns requests/s, median, p99 and max latency (ms, to a tenth) of the sampled requests. Throws when the run
 * measured nothing or when any answer, warm-up included, was not a 2xx or failed.
 */
export async function loadTest({ url, headers = {}, connections, seconds, warmupSeconds = 3, label = url }) {
  const { default: autocannon } = await import('autocannon');
  const latencies = [];
  const started = performance.now();
  const sampleFrom = started + warmupSeconds * 1000;
  const run = autocannon({ url, connections, headers, duration: warmupSeconds + seconds });
  run.on('response', (_client, _status, _bytes, responseTime) => {
    const now = performance.now();
    if (now - responseTime >= sampleFrom) latencies.push(responseTime);
  });
  const result = await run;
  assertMeasured(label, latencies.length > 0, 'no request answered after the warm-up');
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${label}: ${result.non2xx} non-2xx responses and ${result.errors} errors during the run`,
    );
  }
  const tenth = (value) => Math.round(value * 10) / 10;
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    medianMs: tenth(percentile(latencies, 50)),
    p99Ms: tenth(percentile(latencies, 99)),
    maxMs: tenth(latencies.reduce((max, value) => Math.max(max, value), 0)),
  };
}
