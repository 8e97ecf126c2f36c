/**
 * Live streaming (docs/streaming.md): the contract between the studio (apps/web/src/features/streaming) and the engine
 * (apps/server/src/modules/streaming, its live engine in live/). Backward compatible once committed: add,
 * never rename or remove.
 *
 * REST (all under the signed-in session cookie, JSON, scoped to the caller's workspace and user):
 *   GET    /api/streaming/destinations                 → StreamDestinationList
 *   POST   /api/streaming/destinations                 StreamDestinationInput → 201 StreamDestination
 *   PATCH  /api/streaming/destinations/:id             StreamDestinationPatch → StreamDestination
 *   DELETE /api/streaming/destinations/:id             → 204
 *     (POST/PATCH/DELETE answer 409 STREAM_LOCKED_WHILE_LIVE while the user is live)
 *   GET    /api/streaming/scenes                       → SceneList (the three fixed scenes, then custom ones)
 *   POST   /api/streaming/scenes                       CustomSceneInput → 201 Scene
 *   DELETE /api/streaming/scenes/:id                   → 204 (custom scenes only)
 *   GET    /api/streaming/ingest                       → PersonalIngest (OBS URL + the user's stream key)
 *   POST   /api/streaming/ingest/rotate                → PersonalIngest (a new key; the old one stops working)
 *   POST   /api/streaming/sessions                     StartStreamInput → 201 StreamSession (source 'browser'; with
 *                                                       `source: {kind:'media', mediaId, loop}` a library video, source
 *                                                       'media': docs/prerecorded-streams.md)
 *   POST   /api/streaming/sessions/:id/stop            → StreamSession (End Stream; browser and OBS alike)
 *   GET    /api/streaming/live                         → LiveStatus (poll every 1–2 s while the studio is open)
 *   GET    /api/streaming/sessions                     → StreamSummaryList (past and current, newest first)
 *   GET    /api/streaming/sessions/:id                 → StreamDetail (summary + bitrate series per destination)
 *
 * WebSocket ingest (browser going live): see STREAM_INGEST below.
 */

export * from './streaming/analytics';
export * from './streaming/destinations';
export * from './streaming/ingest';
export * from './streaming/messages';
export * from './streaming/platforms';
export * from './streaming/scenes';
export * from './streaming/stream-sessions';
