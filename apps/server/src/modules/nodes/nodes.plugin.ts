import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import {
  forgetNode,
  heartbeatNode,
  internalUrlOf,
  NODE_HEARTBEAT_MS,
  type NodeIdentity,
  nodeIdentity,
  registerNode,
} from './nodes.service';

/**
 * This process as a node of the install (nodes.service.ts): registered when the app is ready, alive every 10
 * seconds on every ROLE (a timer of its own, like the click journal's flush: API nodes run no sweeps), removed on
 * close while the database is still open. Registered before the live engine, which says whether this node streams.
 */
export const nodesPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; config: Config }) => {
    const node = nodeIdentity(randomUUID(), options.config);
    app.decorate('node', node);
    let timer: NodeJS.Timeout | undefined;
    const warn = (err: unknown) => app.log.warn({ err }, 'this node could not tell the database it is alive');
    app.addHook('onReady', async () => {
      await registerNode(options.db, node).catch(warn);
      timer = setInterval(() => void heartbeatNode(options.db, node).catch(warn), NODE_HEARTBEAT_MS);
      timer.unref();
    });
    // Where the other nodes reach this one (decision 0113): known once it listens (PORT=0 picks a port then).
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return;
      node.internalUrl = internalUrlOf(options.config, address.port);
      await registerNode(options.db, node).catch(warn);
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await forgetNode(options.db, node.id).catch(warn);
    });
  },
  { name: 'nodes' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** This process as a node of the install (its id, ROLE, host, media store). */
    node: NodeIdentity;
  }
}
