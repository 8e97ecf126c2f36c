/**
 * What the studio and the engine say, and the error codes of REST and WebSocket answers. Part of the
 * streaming contract: see ../streaming.ts.
 */

export const STREAMING_MESSAGES = {
  /** The recorder stopped before the stream ended: the server's disk reached its reserve (MIN_FREE_DISK_MB). */
  recordingStoppedDiskFull:
    "The recording stopped because the server's disk is almost full. What was recorded until then is kept in the media library; the stream itself went on.",
  destinationIncomplete: 'Please enter both stream key and RTMP URL',
  rtmpProtocol: 'The RTMP URL must start with rtmp:// or rtmps://',
  rtmpInvalid: 'Enter a valid RTMP URL, like rtmp://live.example.com/app',
  unknownPlatform: 'Choose one of the listed platforms.',
  destinationNameTooLong: 'Keep the destination name under 80 characters.',
  destinationSaved: 'Destination saved',
  destinationDeleted: 'Destination removed',
  destinationNotFound: 'Destination not found.',
  lockedWhileLive: 'Destinations cannot be changed while you are live. End the stream first.',
  copied: 'Copied to clipboard',
  sceneNameRequired: 'Give the scene a name.',
  sceneNameTooLong: 'Keep the scene name under 40 characters.',
  sceneSourcesRequired: 'Choose at least one source for the scene.',
  sceneSaved: 'Scene added',
  sceneDeleted: 'Scene removed',
  sceneNotFound: 'Scene not found.',
  alreadyLive: 'You are already live. End the current stream first.',
  noDestinations: 'Enable at least one destination before going live.',
  sessionNotFound: 'Stream not found.',
  sessionNotLive: 'This stream has already ended.',
  streamingUnavailable:
    'Live streaming is not available on this server: ffmpeg or the RTMP relay is not running.',
  streamEnded: 'Stream ended',
  keyRotated: 'Your stream key was changed. Update it in OBS.',
  rotateKeyTitle: 'Rotate your stream key?',
  rotateKeyWarning:
    'OBS and any other encoder using the current key stop working until you paste the new key into them. A stream running from OBS now is cut off.',
  ingestAlreadyConnected: 'This stream is already receiving video from another tab.',
  ingestFailed: 'The server could not encode your stream. Try going live again.',
  sceneLimit: (max: number) => `You can keep up to ${max} custom scenes. Remove one first.`,
  noVideo: 'The studio never sent any video, so the stream did not start.',
  browserStopped: 'The studio stopped sending video, so the stream ended. Go live again when you are ready.',
  encoderTooSlow:
    'The server cannot encode your stream fast enough at these settings. Choose a lower resolution or frame rate in Stream Settings.',
  unauthorized: 'Sign in to go live.',
  mediaNotFound: 'This video is not in your media library.',
  mediaNotVideo: 'Only a video can be streamed. Choose a video from the media library.',
  /** The slate is a still picture: a video or a GIF is refused. */
  slateNotImage: 'The slate must be an image (JPEG, PNG or WebP). Choose a picture from the media library.',
  mediaFailed:
    'The server could not play this video. Check that it plays in the media library, then try again.',
  sourceDidNotReturn:
    'The video source did not come back while the slate was showing, so the stream ended. Go live again when you are ready.',
  workspaceDeleted: 'The workspace was deleted, so its stream ended.',
  /** The streaming node carrying the stream died (decision 0113): its lease lapsed, or another node lost it. */
  nodeStopped: 'The server running this stream stopped, so the stream ended. Go live again to continue.',
  /** A destination of a platform where several of the workspace's accounts are, one of them behind a proxy. */
  proxyAccountUnknown: (platform: string) =>
    `This workspace has several ${platform} accounts and at least one goes through a proxy: Relaycast cannot tell which account this destination belongs to, so it does not stream it without that proxy. Remove the proxy, or the accounts of ${platform} this destination is not for.`,
  /** The secure connection to the platform, through the account's proxy, failed (not the proxy's fault). */
  rtmpsThroughProxyFailed: (host: string, reason: string) =>
    `The secure (RTMPS) connection to ${host} through the account's proxy failed (${reason}).`,
} as const;
