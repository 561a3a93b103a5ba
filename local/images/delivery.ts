// The image host's delivery: GET /{cloud}/image/upload/[transformations/][v{version}/]{public_id}.{ext}
// applies the transformations the storefront asks for, as Cloudinary does, with sharp (w_N, c_limit,
// f_auto, q_auto); without transformations the original is served.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

// Cloudinary's transformation parameters are short `key_value` pairs, comma-separated.
const transformationSegment = /^[a-z]{1,3}_[^,/]+(,[a-z]{1,3}_[^,/]+)*$/;

export const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

/** The path of `relative` inside `root`, or null when it would leave it. */
export function safeJoin(root: string, relative: string): string | null {
  const full = normalize(join(root, relative));
  return full.startsWith(normalize(root) + sep) ? full : null;
}

/** Serves delivery URLs of the files under `root`, caching the transformed ones. */
export function createDelivery(root: string, cloudName: string) {
  // Resized images by path, width and format: the bench asks for the same few many times.
  const resized = new Map<string, { data: Buffer; type: string }>();

  async function transformed(
    data: Buffer,
    key: string,
    options: { width: number | null; limit: boolean; webp: boolean; quality: number | null; svg: boolean },
  ): Promise<{ data: Buffer; type: string }> {
    const cached = resized.get(key);
    if (cached) return cached;
    const { default: sharp } = await import('sharp');
    let image = sharp(data);
    if (options.width) image = image.resize({ width: options.width, withoutEnlargement: options.limit });
    const quality = options.quality ?? undefined;
    const out = options.webp
      ? { data: await image.webp({ quality }).toBuffer(), type: 'image/webp' }
      : options.svg
        ? { data: await image.png().toBuffer(), type: 'image/png' }
        : { data: await image.toBuffer(), type: '' };
    if (resized.size > 500) resized.clear();
    resized.set(key, out);
    return out;
  }

  async function deliver(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    // /{cloud}/image/upload/<transformations...>/[v123/]<public id>.<ext>
    const prefix = `/${cloudName}/image/upload/`;
    const rest = decodeURIComponent(pathname.slice(prefix.length)).split('/');
    const versionIndex = rest.findIndex((part) => /^v\d+$/.test(part));
    const firstAsset = rest.findIndex((part) => !transformationSegment.test(part));
    const transformations = rest.slice(0, versionIndex >= 0 ? versionIndex : Math.max(firstAsset, 0));
    // A width must be a positive whole number, as Cloudinary insists.
    const params = transformations.flatMap((part) => part.split(','));
    const widths = params.filter((param) => param.startsWith('w_'));
    if (widths.some((param) => !/^w_[1-9]\d{0,4}$/.test(param))) {
      res.writeHead(400).end('Invalid width');
      return;
    }
    const file = rest.slice(versionIndex >= 0 ? versionIndex + 1 : Math.max(firstAsset, 0)).join('/');
    const path = safeJoin(root, file);
    const type = contentTypes[extname(file).toLowerCase()];
    if (!path || !type) {
      res.writeHead(404).end('Not found');
      return;
    }
    try {
      const original = await readFile(path);
      const width = widths.length > 0 ? Number(widths[widths.length - 1]?.slice(2)) : null;
      const autoFormat = params.includes('f_auto');
      const svg = type === 'image/svg+xml';
      let body: { data: Buffer; type: string } = { data: original, type };
      if (width !== null || autoFormat) {
        const webp = autoFormat && (req.headers.accept ?? '').includes('image/webp');
        const quality = params.includes('q_auto') ? 80 : null;
        const key = `${path}|${width ?? ''}|${webp ? 'webp' : ''}|${quality ?? ''}`;
        const out = await transformed(original, key, { width, limit: params.includes('c_limit'), webp, quality, svg });
        body = { data: out.data, type: out.type || type };
      }
      res.writeHead(200, {
        'content-type': body.type,
        'cache-control': 'public, max-age=31536000, immutable',
        ...(autoFormat ? { vary: 'Accept' } : {}),
      });
      res.end(body.data);
    } catch {
      res.writeHead(404).end('Not found');
    }
  }
  return deliver;
}
