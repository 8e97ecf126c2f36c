import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Requests start in the order the server read them: one per turn of the event loop, the oldest first
 * (docs/decisions/0056-fair-admission.md).
 *
 * Without it, a busy server starves some connections. Node handles every socket that one `epoll_wait` reported
 * before it asks the kernel again, and the kernel reports the sockets in a fixed order, not the order their
 * requests came in. A request that arrives just after its socket's turn waits a whole extra round: with 10 busy
 * connections, one or two of them waited twice as long as the others, every round, and the slowest 1 % of
 * requests took twice the median. Here each request waits its turn in one queue, and the server goes back to the
 * kernel between two starts, so a request read later starts later. An idle server starts a request at the end of
 * the same turn of the loop that read it.
 *
 * Only the start is queued: a request that waits for its database, a file or a stream does not hold up the others.
 */

type Schedule = (next: () => void) => void;

/** The queue itself. `schedule` runs its callback on a later turn of the event loop (`setImmediate`). */
export function createAdmissionQueue(schedule: Schedule = (next) => setImmediate(next)) {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  function admitNext() {
    waiting.shift()?.();
    if (waiting.length > 0) schedule(admitNext);
    else scheduled = false;
  }
  return {
    /** Resolves when it is this caller's turn. */
    admit(): Promise<void> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
          scheduled = true;
          schedule(admitNext);
        }
      });
    },
    /** How many callers wait for their turn now. */
    get waiting() {
      return waiting.length;
    },
  };
}

export const FAIR_ADMISSION_PLUGIN = 'relaycast-fair-admission';

/** Registered first, so every other hook and handler of every request runs in turn. */
export const fairAdmissionPlugin = fp(
  async (app: FastifyInstance) => {
    const queue = createAdmissionQueue();
    app.addHook('onRequest', (_request, _reply, done) => {
      queue.admit().then(() => done(), done);
    });
  },
  { name: FAIR_ADMISSION_PLUGIN },
);
