// Reading the image host's URLs in the admin's browser: the public_id an upload is deleted by, and
// the host named when it cannot be reached. They parse with the platform's URL, which the shared
// domain/ code does not assume.
import { uploadSegment } from '../../domain/images';

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
