export const secondaryButtonClass =
  'rounded-lg bg-slate-200 px-5 py-2 font-medium text-slate-900 hover:bg-slate-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70';
