// Cover images are requested at the width they are shown, in the browser's best format
// (docs/performance.md). Cloudinary (and the local image host, which has its URL shape) resize on the fly
// when a transformation segment follows /image/upload/.
const uploadSegment = '/image/upload/';

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

// A transformation segment is a comma-separated list of short `key_value` parameters (w_400,
// c_limit, f_auto); keys are one to three letters, so a folder such as digital_products is not one.
const transformationSegment = /^[a-z]{1,3}_[^,/]+(,[a-z]{1,3}_[^,/]+)*$/;
const versionSegment = /^v\d+$/;

/**
 * The image host's public_id of an uploaded image (what destroy takes): the path after
 * /image/upload/ without transformation segments, the version segment and the file extension.
 * Null when the URL is not an upload on a Cloudinary-shaped host.
 */
export function publicIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const at = path.indexOf(uploadSegment);
  if (at < 0) return null;
  const segments = path
    .slice(at + uploadSegment.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const version = segments.findIndex((segment) => versionSegment.test(segment));
  let rest = version >= 0 ? segments.slice(version + 1) : segments;
  if (version < 0) {
    const firstAsset = rest.findIndex((segment) => !transformationSegment.test(segment));
    rest = firstAsset >= 0 ? rest.slice(firstAsset) : [];
  }
  const last = rest[rest.length - 1];
  if (last === undefined) return null;
  const dot = last.lastIndexOf('.');
  rest[rest.length - 1] = dot > 0 ? last.slice(0, dot) : last;
  return rest.join('/');
}

/** The host name shown when the image host cannot be reached, e.g. 'api.cloudinary.com'. */
export function imageHostName(uploadUrl: string): string {
  try {
    return new URL(uploadUrl).hostname;
  } catch {
    return 'the image host';
  }
}
