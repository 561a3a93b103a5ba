// Cover images are requested at the width they are shown, in the browser's best format
// (DESIGN §4/§8). Cloudinary (and the local image host, which has its URL shape) resize on the fly
// when a transformation segment follows /image/upload/.
const uploadSegment = '/image/upload/';

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
