// A lesson's video (docs/courses.md): an HTML5 <video> on a signed URL the API mints per open (and
// again on play once it has expired, or when the video errors), resumed at the same second; speeds;
// the low-data version on slow connections; the position saved every ~10 s while playing and on
// pause; the lesson completed by itself at 90% watched.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { autoCompleteFraction, progressSaveIntervalS, type VideoUrl } from '../../../../domain/courses';
import { fetchVideoUrl, learnError } from '../api/learnApi';
import { prefersLowData } from '../lowData';
import { SpeedButtons } from './SpeedButtons';

type Version = 'main' | 'lowData';

export interface LessonVideoProps {
  token: string;
  lessonId: string;
  title: string;
  video: { durationS: number; width: number; height: number; hasLowData: boolean };
  /** Where the video starts, in seconds. */
  startAt: number;
  completed: boolean;
  /** Seconds into the video as it plays, for the lesson's Mark complete. */
  onPosition: (positionS: number) => void;
  onSave: (positionS: number, completed?: boolean) => void;
}

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

export function LessonVideo({
  token,
  lessonId,
  title,
  video,
  startAt,
  completed,
  onPosition,
  onSave,
}: LessonVideoProps) {
  const switchId = useId();
  const ref = useRef<HTMLVideoElement>(null);
  const [version, setVersion] = useState<Version>(() => (video.hasLowData && prefersLowData() ? 'lowData' : 'main'));
  const [source, setSource] = useState<VideoUrl | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [speed, setSpeed] = useState(1);
  const state = useRef<Playback>({
    position: startAt,
    seekPending: true,
    resumePlaying: false,
    playing: false,
    renewing: false,
    renewals: 0,
    lastSaveAt: 0,
    lastSavedS: Math.floor(startAt),
    autoCompleted: completed,
    shownUrl: null,
  });
  const callbacks = useRef({ onSave, onPosition });
  useEffect(() => {
    callbacks.current = { onSave, onPosition };
  });

  const load = useCallback(
    async (wanted: Version, thenPlay: boolean) => {
      const playback = state.current;
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

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  // A renewed URL that reads the same as the last one does not reload by itself: load it again.
  useEffect(() => {
    if (!source) return;
    if (state.current.shownUrl === source.url) ref.current?.load();
    state.current.shownUrl = source.url;
  }, [source]);

  const savePosition = useCallback((completes?: boolean) => {
    const playback = state.current;
    const positionS = Math.floor(playback.position);
    playback.lastSaveAt = Date.now();
    playback.lastSavedS = positionS;
    callbacks.current.onSave(positionS, completes);
  }, []);

  // Leaving the lesson keeps where the buyer was.
  useEffect(() => {
    const playback = state.current;
    return () => {
      if (Math.floor(playback.position) !== playback.lastSavedS) savePosition();
    };
  }, [savePosition]);

  /** Asks for a new URL and goes on from the same second (playing again if it was playing). */
  const renew = (wanted: Version, thenPlay: boolean) => {
    const element = ref.current;
    const playback = state.current;
    if (element && !playback.seekPending && element.currentTime > 0) playback.position = element.currentTime;
    void load(wanted, thenPlay);
  };

  const onLoadedMetadata = () => {
    const element = ref.current;
    const playback = state.current;
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
    const playback = state.current;
    if (!element || playback.seekPending) return;
    playback.position = element.currentTime;
    callbacks.current.onPosition(element.currentTime);
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
    const playback = state.current;
    playback.playing = true;
    if (playback.lastSaveAt === 0) playback.lastSaveAt = Date.now();
    if (element && source && Date.parse(source.expiresAt) - Date.now() < expiryMarginMs) {
      element.pause();
      playback.playing = false;
      renew(version, true);
    }
  };

  const onPause = () => {
    const playback = state.current;
    playback.playing = false;
    if (!playback.seekPending && !playback.renewing) savePosition();
  };

  const onError = () => {
    const playback = state.current;
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
    state.current.renewals = 0;
    setFailure(null);
    renew(version, false);
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-xl bg-black" style={{ aspectRatio: `${video.width} / ${video.height}` }}>
        {source ? (
          // Lessons carry no caption files (docs/courses.md): the lesson's text stands beside the video.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video
            ref={ref}
            src={source.url}
            controls
            controlsList="nodownload"
            playsInline
            preload="metadata"
            aria-label={`Video: ${title}`}
            className="h-full w-full"
            onContextMenu={(event) => event.preventDefault()}
            onLoadedMetadata={onLoadedMetadata}
            onTimeUpdate={onTimeUpdate}
            onPlay={onPlay}
            onPause={onPause}
            onError={onError}
          />
        ) : (
          <p role="status" className="flex h-full items-center justify-center p-4 text-white">
            {failure ? 'The video is not available.' : 'Loading the video…'}
          </p>
        )}
      </div>
      {failure ? (
        <div role="alert" className="space-y-2 text-red-800">
          <p>{failure}</p>
          <button type="button" className="font-medium underline" onClick={retry}>
            Try the video again
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SpeedButtons speed={speed} onChange={setSpeed} />
        {video.hasLowData ? (
          <label htmlFor={switchId} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              checked={version === 'lowData'}
              onChange={(event) => switchVersion(event.target.checked)}
              className="h-5 w-5 accent-brand-700"
            />
            Low-data version
          </label>
        ) : null}
      </div>
    </div>
  );
}
