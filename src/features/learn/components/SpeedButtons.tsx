/** The playback speeds the player offers (docs/courses.md). */
export const speeds = [1, 1.25, 1.5, 2] as const;

export function SpeedButtons({ speed, onChange }: { speed: number; onChange: (speed: number) => void }) {
  return (
    <div role="group" aria-label="Playback speed" className="flex flex-wrap gap-2">
      {speeds.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={speed === value}
          onClick={() => onChange(value)}
          className={
            'min-h-11 min-w-11 rounded-lg border px-3 py-2 text-sm font-semibold ' +
            'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
            (speed === value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-50')
          }
        >
          {value}×
        </button>
      ))}
    </div>
  );
}
