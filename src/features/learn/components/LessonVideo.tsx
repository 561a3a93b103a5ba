// A lesson's video (docs/courses.md): an HTML5 <video> with speeds and, when the seller uploaded one,
// the low-data switch; what it plays and saves is useLessonPlayback's.
import { useId } from 'react';
import { SpeedButtons } from './SpeedButtons';
import { useLessonPlayback, type LessonVideoProps } from './useLessonPlayback';

export function LessonVideo(props: LessonVideoProps) {
  const { title, video } = props;
  const switchId = useId();
  const { ref, source, failure, speed, setSpeed, preload, lowData, switchVersion, retry, handlers } =
    useLessonPlayback(props);
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
            preload={preload}
            aria-label={`Video: ${title}`}
            className="h-full w-full"
            onContextMenu={(event) => event.preventDefault()}
            {...handlers}
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
              checked={lowData}
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
