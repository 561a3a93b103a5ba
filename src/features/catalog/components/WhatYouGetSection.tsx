import { whatYouGetLines } from '../../../../domain/whatYouGet';
import { useGetWhatYouGetQuery } from '../api/whatYouGetApi';

/**
 * 'What you get' (docs/storefront.md): the number and kinds of files, a course's lessons and video
 * time, a license key and its devices. Nothing shows until the API says (or when it cannot): the
 * page reads the same without it. The API's product page fills this list in its HTML
 * (server/sharing/productMarkup.ts), which finds it by `data-what-you-get`.
 */
export function WhatYouGetSection({ productId }: { productId: string }) {
  const { data } = useGetWhatYouGetQuery(productId);
  const lines = data ? whatYouGetLines(data) : [];
  if (lines.length === 0) return null;
  return (
    <section
      data-what-you-get=""
      aria-labelledby="what-you-get-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="what-you-get-heading" className="text-xl font-bold text-slate-900">
        What you get
      </h2>
      <ul aria-labelledby="what-you-get-heading" className="mt-4 list-disc space-y-2 pl-6 text-slate-800">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
