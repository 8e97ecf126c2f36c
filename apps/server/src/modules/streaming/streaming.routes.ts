import websocket from '@fastify/websocket';
import { streamHighlightsSchema } from '@relaycast/shared/clips';
import {
  customSceneInputSchema,
  liveStatusSchema,
  personalIngestSchema,
  STREAM_INGEST,
  sceneListSchema,
  sceneSchema,
  startStreamInputSchema,
  streamDestinationInputSchema,
  streamDestinationListSchema,
  streamDestinationPatchSchema,
  streamDestinationSchema,
  streamDetailSchema,
  streamSessionSchema,
  streamSlateInputSchema,
  streamSlateSchema,
  streamSummaryListSchema,
} from '@relaycast/shared/streaming';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { shownHostname } from '../../lib/request-origin';
import {
  createDestination,
  deleteDestination,
  listDestinations,
  type StreamOwner,
  updateDestination,
} from './destinations.service';
import { getIngestKey, rotateIngestKey } from './ingest-keys.service';
import { createScene, deleteScene, listScenes } from './scenes.service';
import { forwardToNode, wasForwarded } from './stream-forward';
import { getSessionHighlights, requestSessionHighlights } from './stream-highlights';
import { pickStreamingNode, streamElsewhere, streamOfOwnerElsewhere } from './stream-placement';
import { getSessionDetail, listSessionSummaries } from './stream-sessions.queries';
import { getWorkspaceSlate, setWorkspaceSlate } from './stream-slate.service';
import { registerIngestSocket } from './streaming-ingest.routes';

export interface StreamingRoutesOptions {
  db: Db;
  config: Config;
}

/**
 * `/api/streaming/*` (see packages/shared/src/streaming.ts for the whole contract): destinations, custom
 * scenes, the personal OBS ingest, stream sessions, live status and analytics; plus the ingest WebSocket.
 */
// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const streamingRoutes: FastifyPluginAsyncZod<StreamingRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  // Built once by streaming.plugin.ts.
  const engine = app.streamEngine;

  const selfId = app.node.id;

  /** The caller, while they are not live (here or on another node): what a stream uses stays as it is until it ends. */
  async function changeableOwner(request: FastifyRequest): Promise<StreamOwner> {
    const owner = await callerOf(request);
    const far = engine.isLive(owner) ? null : await streamOfOwnerElsewhere(db, selfId, owner);
    if (engine.isLive(owner) || (far && !far.lost)) {
      throw new AppError('STREAM_LOCKED_WHILE_LIVE');
    }
    return owner;
  }

  /**
   * The OBS server URL: this node's relay, or with several nodes the streaming node a new stream goes to (its
   * port on the host the user reaches the app on: decision 0113); whether any relay runs.
   */
  async function personalIngest(request: FastifyRequest) {
    const placed = await pickStreamingNode(db, selfId);
    const here = placed === null || placed.id === selfId;
    const hostname = shownHostname(request, config);
    return {
      rtmpUrl: here ? engine.publicIngestUrl(hostname) : engine.publicIngestUrl(hostname, placed.rtmpPort),
      relayRunning: here ? engine.isAvailable : true,
    };
  }

  app.get(
    '/api/streaming/destinations',
    { config: { permission: 'stream' }, schema: { response: { 200: streamDestinationListSchema } } },
    async (request) => ({
      destinations: await listDestinations(db, await callerOf(request)),
      privateAddressesAllowed: config.allowPrivateAddresses,
    }),
  );

  app.post(
    '/api/streaming/destinations',
    {
      config: { permission: 'stream' },
      schema: { body: streamDestinationInputSchema, response: { 201: streamDestinationSchema } },
    },
    async (request, reply) => {
      const owner = await changeableOwner(request);
      return reply
        .status(201)
        .send(
          await createDestination(
            db,
            owner,
            request.body,
            config.appSecret,
            addressPolicy(config.allowPrivateAddresses),
          ),
        );
    },
  );

  app.patch(
    '/api/streaming/destinations/:id',
    {
      config: { permission: 'stream' },
      schema: {
        params: idParams,
        body: streamDestinationPatchSchema,
        response: { 200: streamDestinationSchema },
      },
    },
    async (request) =>
      updateDestination(
        db,
        await changeableOwner(request),
        request.params.id,
        request.body,
        config.appSecret,
        addressPolicy(config.allowPrivateAddresses),
      ),
  );

  app.delete(
    '/api/streaming/destinations/:id',
    { config: { permission: 'stream' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteDestination(db, await changeableOwner(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/streaming/scenes', { schema: { response: { 200: sceneListSchema } } }, async (request) => ({
    scenes: await listScenes(db, await callerOf(request)),
  }));

  app.post(
    '/api/streaming/scenes',
    {
      config: { permission: 'stream' },
      schema: { body: customSceneInputSchema, response: { 201: sceneSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createScene(db, await callerOf(request), request.body)),
  );

  app.delete(
    '/api/streaming/scenes/:id',
    { config: { permission: 'stream' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteScene(db, await callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/streaming/ingest',
    { config: { permission: 'stream' }, schema: { response: { 200: personalIngestSchema } } },
    async (request) => ({
      ...(await personalIngest(request)),
      streamKey: await getIngestKey(db, await callerOf(request), config.appSecret),
    }),
  );

  app.post(
    '/api/streaming/ingest/rotate',
    { config: { permission: 'stream' }, schema: { response: { 200: personalIngestSchema } } },
    async (request) => ({
      ...(await personalIngest(request)),
      streamKey: await rotateIngestKey(db, await callerOf(request), config.appSecret),
    }),
  );

  app.post(
    '/api/streaming/sessions',
    {
      config: { permission: 'stream' },
      schema: { body: startStreamInputSchema, response: { 201: streamSessionSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      // Placed on the streaming node with the fewest streams (decision 0113): another one gets the request.
      const placed = wasForwarded(request) ? null : await pickStreamingNode(db, selfId);
      if (placed && placed.id !== selfId) return forwardToNode(request, reply, placed, selfId);
      const session = await engine.startBrowserSession(
        { userId: caller.userId, workspaceId: caller.workspaceId },
        caller.plan,
        request.body,
      );
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/api/streaming/sessions/:id/stop',
    {
      config: { permission: 'stream' },
      schema: { params: idParams, response: { 200: streamSessionSchema } },
    },
    async (request, reply) => {
      const owner = await callerOf(request);
      if (engine.overlay(request.params.id) === null && !wasForwarded(request)) {
        const far = await streamElsewhere(db, selfId, owner, request.params.id);
        if (far?.lost) throw new AppError('STREAM_NODE_LOST');
        if (far) return forwardToNode(request, reply, far.node, selfId);
      }
      return engine.stopSession(request.params.id, { status: 'ended', reason: null }, owner);
    },
  );

  // The caller's stream wherever it runs: another node's is read there (decision 0113); a lost one is none.
  app.get(
    '/api/streaming/live',
    { schema: { response: { 200: liveStatusSchema } } },
    async (request, reply) => {
      const owner = await callerOf(request);
      const session = engine.liveSessionOf(owner);
      if (session || wasForwarded(request)) return { session };
      const far = await streamOfOwnerElsewhere(db, selfId, owner);
      if (far && !far.lost) return forwardToNode(request, reply, far.node, selfId);
      return { session: null };
    },
  );

  app.get(
    '/api/streaming/sessions',
    { schema: { response: { 200: streamSummaryListSchema } } },
    async (request) => ({
      sessions: await listSessionSummaries(db, await callerOf(request), engine.overlay),
    }),
  );

  app.get(
    '/api/streaming/sessions/:id',
    { schema: { params: idParams, response: { 200: streamDetailSchema } } },
    async (request) => getSessionDetail(db, await callerOf(request), request.params.id, engine.overlay),
  );

  // A stream's suggested clips: the background analysis of its recording (stream-highlights.ts).
  app.get(
    '/api/streaming/sessions/:id/highlights',
    { schema: { params: idParams, response: { 200: streamHighlightsSchema } } },
    async (request) => getSessionHighlights(db, await callerOf(request), request.params.id),
  );

  app.post(
    '/api/streaming/sessions/:id/highlights',
    { schema: { params: idParams, response: { 200: streamHighlightsSchema } } },
    async (request) =>
      requestSessionHighlights(
        { db, queue: app.jobs, ffmpegAvailable: () => app.mediaProcessor.isAvailable() },
        await callerOf(request),
        request.params.id,
      ),
  );

  // The workspace's slate: a library image the platforms see while the source is gone (stream-slate.service.ts).
  app.get('/api/streaming/slate', { schema: { response: { 200: streamSlateSchema } } }, async (request) =>
    getWorkspaceSlate(db, (await callerOf(request)).workspaceId),
  );

  app.put(
    '/api/streaming/slate',
    {
      config: { permission: 'stream' },
      schema: { body: streamSlateInputSchema, response: { 200: streamSlateSchema } },
    },
    async (request) => setWorkspaceSlate(db, (await callerOf(request)).workspaceId, request.body.mediaId),
  );

  // The WebSocket plugin in its own scope: its route hook then only wraps the ingest socket.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(websocket, { options: { maxPayload: STREAM_INGEST.maxChunkBytes } });
    registerIngestSocket(scope, { engine, config, db, selfId });
  });
};
