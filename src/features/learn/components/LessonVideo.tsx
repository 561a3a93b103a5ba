// A lesson's video (docs/courses.md): an HTML5 <video> on a signed URL the API mints per open (and
// again on play once it has expired, or when the video errors), resumed at the same second; speeds;
// the low-data version on slow connections; the position saved every ~10 s while playing and on
// pause; the lesson completed by itself at 90% watched.
import { useCallback, useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { autoCompleteFraction, progressSaveIntervalS, type VideoUrl } from '../../../../domain/courses';
import { fetchVideoUrl, type LearnError } from '../api/learnApi';
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
  /** Seconds into the video, kept current for the lesson's Mark complete. */
  position: MutableRefObject<number>;
  onSave: (positionS: number, completed?: boolean) => void;
}

/** A URL this close to its expiry is renewed before playing rather than left to fail mid-lesson. */
const expiryMarginMs = 5000;
/** Renewals in a row without the video loading before the player stops and says so. */
const maxRenewals = 2;

function errorText(error: unknown): string {
  const message = (error as Partial<LearnError> | null)?.message;
  return typeof message === 'string' && message ? message : 'The video could not be loaded. Please try again.';
}

function play(video: HTMLVideoElement) {
  try {
    void Promise.resolve(video.play()).catch(() => undefined);
  } catch {
    // A browser that refuses to autoplay leaves the buyer to press play.
  }
}

export function LessonVideo({ token, lessonId, title, video, startAt, completed, position, onSave }: LessonVideoProps) {
  const switchId = useId();
  const ref = useRef<HTMLVideoElement>(null);
  const [version, setVersion] = useState<Version>(() => (video.hasLowData && prefersLowData() ? 'lowData' : 'main'));
  const [source, setSource] = useState<VideoUrl | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [speed, setSpeed] = useState(1);
  const seekPending = useRef(true);
  const resumePlaying = useRef(false);
  const playing = useRef(false);
  const renewing = useRef(false);
  const renewals = useRef(0);
  const lastSave = useRef({ at: Date.now(), positionS: Math.floor(startAt) });
  const autoCompleted = useRef(completed);
  const save = useRef(onSave);
  save.current = onSave;

  const load = useCallback(
    async (wanted: Version, thenPlay: boolean) => {
      if (renewing.current) return;
      renewing.current = true;
      setFailure(null);
      try {
        const answer = await fetchVideoUrl(token, lessonId, wanted);
        seekPending.current = true;
        resumePlaying.current = thenPlay;
        setSource(answer);
      } catch (error) {
        setFailure(errorText(error));
      } finally {
        renewing.current = false;
      }
    },
    [token, lessonId],
  );

  // One URL per open of the lesson.
  useEffect(() => {
    position.current = startAt;
    void load(version, false);
    // The version and start are read once per lesson; a switch of version renews by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  // A renewed URL that reads the same as the last one does not reload by itself: load it again.
  const shownUrl = useRef<string | null>(null);
  useEffect(() => {
    if (!source) return;
    if (shownUrl.current === source.url) ref.current?.load();
    shownUrl.current = source.url;
  }, [source]);

  const savePosition = useCallback(
    (completes?: boolean) => {
      const positionS = Math.floor(position.current);
      lastSave.current = { at: Date.now(), positionS };
      save.current(positionS, completes);
    },
    [position],
  );

  // Leaving the lesson keeps where the buyer was.
  useEffect(
    () => () => {
      if (Math.floor(position.current) !== lastSave.current.positionS) savePosition();
    },
    [savePosition],
  );

  /** Asks for a new URL and goes on from the same second (playing again if it was playing). */
  const renew = (wanted: Version, thenPlay: boolean) => {
    const element = ref.current;
    if (element && !seekPending.current && element.currentTime > 0) position.current = element.currentTime;
    void load(wanted, thenPlay);
  };

  const onLoadedMetadata = () => {
    const element = ref.current;
    if (!element) return;
    renewals.current = 0;
    element.playbackRate = speed;
    if (seekPending.current) {
      seekPending.current = false;
      element.currentTime = position.current;
    }
    if (resumePlaying.current) {
      resumePlaying.current = false;
      play(element);
    }
  };

  const onTimeUpdate = () => {
    const element = ref.current;
    if (!element || seekPending.current) return;
    position.current = element.currentTime;
    const duration = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : video.durationS;
    if (!autoCompleted.current && duration > 0 && element.currentTime / duration >= autoCompleteFraction) {
      autoCompleted.current = true;
      savePosition(true);
      return;
    }
    if (playing.current && Date.now() - lastSave.current.at >= progressSaveIntervalS * 1000) savePosition();
  };

  const onPlay = () => {
    playing.current = true;
    const element = ref.current;
    if (element && source && Date.parse(source.expiresAt) - Date.now() < expiryMarginMs) {
      element.pause();
      playing.current = false;
      renew(version, true);
    }
  };

  const onPause = () => {
    playing.current = false;
    if (!seekPending.current && !renewing.current) savePosition();
  };

  const onError = () => {
    if (!source) return;
    renewals.current += 1;
    if (renewals.current > maxRenewals) {
      setFailure('The video could not be played. Check your connection and try again.');
      return;
    }
    const wasPlaying = playing.current;
    playing.current = false;
    renew(version, wasPlaying);
  };

  const switchVersion = (lowData: boolean) => {
    const wanted: Version = lowData ? 'lowData' : 'main';
    setVersion(wanted);
    renew(wanted, Boolean(ref.current && !ref.current.paused));
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-xl bg-black" style={{ aspectRatio: `${video.width} / ${video.height}` }}>
        {source ? (
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
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              renewals.current = 0;
              renew(version, false);
            }}
          >
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
