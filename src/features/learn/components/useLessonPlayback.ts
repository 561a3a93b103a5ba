// What plays a lesson's video (docs/courses.md): an HTML5 <video> on a signed URL the API mints per open (and
// again on play once it has expired, or when the video errors), resumed at the same second; speeds;
// the low-data version on slow connections; the position saved every ~10 s while playing and on
// pause; a save at 90% watched, which completes the lesson when the API saw the video played that far
// (docs/courses.md, 'Progress and completion').
import { useCallback, useEffect, useRef, useState } from 'react';
import { autoCompleteFraction, progressSaveIntervalS, type VideoUrl } from '../../../../domain/courses';
import { fetchVideoUrl, learnError } from '../api/learnApi';
import { prefersLowData } from '../lowData';

type Version = 'main' | 'lowData';

export interface LessonVideoProps {
  token: string;
  lessonId: string;
  title: string;
  video: { durationS: number; width: number; height: number; hasLowData: boolean };
  /** Where the video starts, in seconds. */
  startAt: number;
  completed: boolean;
  onSave: (positionS: number, completed?: boolean) => void;
}

/**
 * A position as saved: to a tenth of a second, rounded down. The API counts the stretches between saves
 * as watched, so whole seconds would lose up to one at each end.
 */
const tenths = (seconds: number) => Math.floor(seconds * 10) / 10;

/** A URL this close to its expiry is renewed before playing rather than left to fail mid-lesson. */
const expiryMarginMs = 5000;
/** Renewals in a row without the video loading before the player stops and says so. */
const maxRenewals = 2;

function play(video: HTMLVideoElement) {
  try {
    void Promise.resolve(video.play()).catch(() => undefined);
  } catch {
    // A browser that refuses to play by itself leaves the buyer to press play.
  }
}

/** What the player remembers between renders and renewals (never shown, so not state). */
interface Playback {
  /** Seconds into the video: kept across URL renewals and version switches. */
  position: number;
  seekPending: boolean;
  resumePlaying: boolean;
  playing: boolean;
  renewing: boolean;
  renewals: number;
  lastSaveAt: number;
  lastSavedS: number;
  autoCompleted: boolean;
  shownUrl: string | null;
}

/** The video's URL, renewed on demand, and what the player remembers across renewals. */
function useVideoSource({ token, lessonId, video, startAt, completed, onSave }: LessonVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [version, setVersion] = useState<Version>(() => (video.hasLowData && prefersLowData() ? 'lowData' : 'main'));
  const [source, setSource] = useState<VideoUrl | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const playbackRef = useRef<Playback>({
    position: startAt,
    seekPending: true,
    resumePlaying: false,
    playing: false,
    renewing: false,
    renewals: 0,
    lastSaveAt: 0,
    lastSavedS: tenths(startAt),
    autoCompleted: completed,
    shownUrl: null,
  });
  const callbacks = useRef({ onSave });
  useEffect(() => {
    callbacks.current = { onSave };
  });

  const load = useCallback(
    async (wanted: Version, thenPlay: boolean) => {
      const playback = playbackRef.current;
      if (playback.renewing) return;
      playback.renewing = true;
      try {
        const answer = await fetchVideoUrl(token, lessonId, wanted);
        playback.seekPending = true;
        playback.resumePlaying = thenPlay;
        setFailure(null);
        setSource(answer);
      } catch (error) {
        setFailure(learnError(error).message);
      } finally {
        playback.renewing = false;
      }
    },
    [token, lessonId],
  );

  // One URL per open of the lesson (the player is keyed by lesson).
  const firstVersion = useRef(version);
  useEffect(() => {
    void load(firstVersion.current, false);
  }, [load]);

  // A renewed URL that reads the same as the last one does not reload by itself: load it again.
  useEffect(() => {
    if (!source) return;
    const element = ref.current;
    const playback = playbackRef.current;
    if (playback.shownUrl === source.url) element?.load();
    playback.shownUrl = source.url;
    // Until its metadata is in (with preload 'none', not before the first press of play), the element
    // keeps this as where playing starts: a resumed lesson shows, and starts at, the saved second.
    if (element && playback.seekPending) element.currentTime = playback.position;
  }, [source]);

  const savePosition = useCallback((completes?: boolean) => {
    const playback = playbackRef.current;
    const positionS = tenths(playback.position);
    playback.lastSaveAt = Date.now();
    playback.lastSavedS = positionS;
    callbacks.current.onSave(positionS, completes);
  }, []);

  // Leaving the lesson keeps where the buyer was.
  useEffect(() => {
    const playback = playbackRef.current;
    return () => {
      if (tenths(playback.position) !== playback.lastSavedS) savePosition();
    };
  }, [savePosition]);

  /** Asks for a new URL and goes on from the same second (playing again if it was playing). */
  const renew = (wanted: Version, thenPlay: boolean) => {
    const element = ref.current;
    const playback = playbackRef.current;
    if (element && !playback.seekPending && element.currentTime > 0) playback.position = element.currentTime;
    void load(wanted, thenPlay);
  };

  return { ref, version, setVersion, source, failure, setFailure, playbackRef, savePosition, renew };
}

/** The lesson video's state and the <video>'s event handlers. */
export function useLessonPlayback(props: LessonVideoProps) {
  const { ref, version, setVersion, source, failure, setFailure, playbackRef, savePosition, renew } =
    useVideoSource(props);
  const { video } = props;
  const [speed, setSpeed] = useState(1);
  // No video bytes before the buyer first presses play (a metered phone plan pays for every one, and a
  // first frame fetched unasked would be the page's largest paint, after the app's JavaScript:
  // docs/performance.md); from then on the metadata of a renewed or switched URL loads at once, so
  // the player can go on from the same second.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [ref, speed]);

  const onLoadedMetadata = () => {
    const element = ref.current;
    const playback = playbackRef.current;
    if (!element) return;
    playback.renewals = 0;
    element.playbackRate = speed;
    if (playback.seekPending) {
      playback.seekPending = false;
      element.currentTime = playback.position;
    }
    if (playback.resumePlaying) {
      playback.resumePlaying = false;
      play(element);
    }
  };

  const onTimeUpdate = () => {
    const element = ref.current;
    const playback = playbackRef.current;
    if (!element || playback.seekPending) return;
    playback.position = element.currentTime;
    const duration = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : video.durationS;
    if (!playback.autoCompleted && duration > 0 && element.currentTime / duration >= autoCompleteFraction) {
      playback.autoCompleted = true;
      savePosition(true);
      return;
    }
    if (playback.playing && Date.now() - playback.lastSaveAt >= progressSaveIntervalS * 1000) savePosition();
  };

  const onPlay = () => {
    const element = ref.current;
    const playback = playbackRef.current;
    playback.playing = true;
    setStarted(true);
    if (playback.lastSaveAt === 0) playback.lastSaveAt = Date.now();
    if (element && source && Date.parse(source.expiresAt) - Date.now() < expiryMarginMs) {
      element.pause();
      playback.playing = false;
      renew(version, true);
    }
  };

  const onPause = () => {
    const playback = playbackRef.current;
    playback.playing = false;
    if (!playback.seekPending && !playback.renewing) savePosition();
  };

  const onError = () => {
    const playback = playbackRef.current;
    if (!source) return;
    playback.renewals += 1;
    if (playback.renewals > maxRenewals) {
      setFailure('The video could not be played. Check your connection and try again.');
      return;
    }
    const wasPlaying = playback.playing;
    playback.playing = false;
    renew(version, wasPlaying);
  };

  const switchVersion = (lowData: boolean) => {
    const wanted: Version = lowData ? 'lowData' : 'main';
    setVersion(wanted);
    renew(wanted, Boolean(ref.current && !ref.current.paused));
  };

  const retry = () => {
    playbackRef.current.renewals = 0;
    setFailure(null);
    renew(version, false);
  };

  return {
    ref,
    source,
    failure,
    speed,
    setSpeed,
    preload: started ? ('metadata' as const) : ('none' as const),
    lowData: version === 'lowData',
    switchVersion,
    retry,
    handlers: { onLoadedMetadata, onTimeUpdate, onPlay, onPause, onError },
  };
}
