// Cover images are requested at the width they are shown, in the browser's best format
// (docs/performance.md). Cloudinary (and the local image host, which has its URL shape) resize on the fly
// when a transformation segment follows /image/upload/.
/** Where an upload's path starts on Cloudinary and on the local image host. */
export const uploadSegment = '/image/upload/';

/** How the product page shows its cover; the API's product page preloads the same candidates. */
export const productCoverWidths = [480, 800, 1200] as const;
export const productCoverSizes = '(min-width: 768px) 480px, 100vw';

/** How a product card shows its cover (components/ProductCard; the list pages' early script too). */
export const cardCoverWidths = [400, 640, 800] as const;
// Cards are full width below 640px, half from 640px, a third from 1024px (max-w-6xl ≈ 370px).
export const cardCoverSizes = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw';
export const cardCoverWidth = 400;
export const cardCoverHeight = 300;

/** The image URL resized to `width` pixels, or the URL unchanged when it is not a Cloudinary upload. */
export function resizedImageUrl(url: string, width: number): string {
  const at = url.indexOf(uploadSegment);
  if (at < 0) return url;
  const head = url.slice(0, at + uploadSegment.length);
  const tail = url.slice(at + uploadSegment.length);
  // Only untransformed uploads (the version segment comes first): an admin-chosen transformation stays.
  if (!/^v\d+\//.test(tail)) return url;
  return `${head}c_limit,f_auto,q_auto,w_${width}/${tail}`;
}

/** A srcset offering the image at each width, or undefined when the host cannot resize it. */
export function imageSrcSet(url: string, widths: readonly number[]): string | undefined {
  if (resizedImageUrl(url, 1) === url) return undefined;
  return widths.map((width) => `${resizedImageUrl(url, width)} ${width}w`).join(', ');
}
