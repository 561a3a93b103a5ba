// Pure rules for the signed URLs the API mints (docs/deploy.md, 'Deliverable files'): how long a
// download link stays valid, and the Content-Disposition that names the file on the buyer's disk.

const minute = 60;
/** A link minted by a press of Download is used at once; 10 minutes covers a slow start. */
export const minDownloadValiditySeconds = 10 * minute;
/** Never longer, whatever the size: a leaked link dies within 3 hours. */
export const maxDownloadValiditySeconds = 3 * 60 * minute;
/**
 * The slow connection a large download is sized for (1 Mbit/s). A browser resuming an interrupted
 * download asks again with the same URL, so the link must outlive the download on such a link.
 */
export const slowLinkBytesPerSecond = 125_000;

/**
 * Seconds a download URL for a file of `size` bytes stays valid: the time the file takes at 1 Mbit/s,
 * rounded up to whole minutes, but at least 10 minutes and at most 3 hours. So 75 MB and less get 10
 * minutes, 500 MB 67 minutes, 1.35 GB and more 3 hours.
 */
export function downloadValiditySeconds(size: number): number {
  if (!Number.isFinite(size) || size <= 0) return minDownloadValiditySeconds;
  const transfer = Math.ceil(size / slowLinkBytesPerSecond / minute) * minute;
  return Math.min(Math.max(transfer, minDownloadValiditySeconds), maxDownloadValiditySeconds);
}

// RFC 5987 attr-char: what may stand unencoded in filename*.
const attrChar = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(text: string): string {
  let out = '';
  for (const char of text) {
    if (attrChar.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * `attachment; filename="..."` for a file shown to buyers as `displayName` (RFC 6266). The quoted
 * name is plain ASCII: quotes and backslashes escaped, control characters dropped, other characters
 * as their letter without accents where there is one ('Ọ̀rọ̀' -> 'Oro'), else '_'. When that loses
 * anything, `filename*=UTF-8''...` (RFC 5987) carries the exact name, which browsers prefer.
 */
export function attachmentDisposition(displayName: string): string {
  // Control characters (CR, LF, ...) would break the header.
  // eslint-disable-next-line no-control-regex
  const cleaned = displayName.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = cleaned || 'download';
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u007e]/g, '_');
  const quoted = ascii.replace(/["\\]/g, (char) => `\\${char}`);
  const header = `attachment; filename="${quoted}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeExtValue(name)}`;
}
