import type { StartStreamInput } from '@relaycast/shared/streaming';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_KEY, startStreamSession } from '@/api/stream-sessions';
import { type LibraryVideoChoice, sourceOf } from '@/components/library-video-source';

/**
 * The studio's "Stream a video from the library" (docs/prerecorded-streams.md): the server plays the video into
 * the relay, so there is no camera and no socket; the live poll then shows the stream and its progress.
 */
export function useLibraryVideoStream(onProblem: (message: string | null) => void) {
  const { t } = useTranslation('streaming');
  const queryClient = useQueryClient();
  const [videoSource, setVideoSource] = useState<LibraryVideoChoice>(null);
  const [isStartingVideo, setStartingVideo] = useState(false);

  function goLiveWithVideo(input: Omit<StartStreamInput, 'source'>) {
    const source = sourceOf(videoSource);
    if (!source) {
      onProblem(t('Choose a video to stream.'));
      return;
    }
    setStartingVideo(true);
    startStreamSession({ ...input, source })
      .then((started) => queryClient.setQueryData(LIVE_KEY, { session: started }))
      .catch((error: Error) => onProblem(error.message))
      .finally(() => setStartingVideo(false));
  }

  return { videoSource, setVideoSource, isStartingVideo, goLiveWithVideo };
}
