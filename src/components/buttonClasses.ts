// The admin area's button looks, shared by its screens (docs/admin.md): one primary action, the quiet
// ones beside it, and the destructive one in red. Each keeps a visible focus ring for keyboard users.
export const primaryButtonClass =
  'rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButtonClass =
  'rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

export const dangerButtonClass =
  'rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';
