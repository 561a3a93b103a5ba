/** Upload progress as a bar with its percentage, so slow connections see it move (docs/admin.md). */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <progress value={percent} max={100} aria-label="Upload progress" className="h-3 w-full accent-brand-700" />
      <span className="w-12 text-right text-sm font-medium text-slate-800" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
