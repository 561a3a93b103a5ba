// Store health's signing check (docs/admin.md, 'Store health'): from the function's own identity, the
// API writes a small probe file, signs a V4 download URL for it (through IAM signBlob when deployed,
// with the local key under the local cloud) and reads the file back through that URL, as a buyer's
// browser would.
import type { HealthCheckResult } from '../../domain/storeHealth';
import type { FileStorage } from '../files/storage';
import { checkResult } from './checkResult';

export const probePath = 'healthProbe/probe.txt';
const title = 'Signed download links';
const id = 'signing';

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 300);
}

function fixFor(projectId: string): string {
  return (
    "npm run setup (it grants the function's service account the 'Service Account Token Creator' role on itself), " +
    `or grant it at https://console.cloud.google.com/iam-admin/serviceaccounts?project=${projectId}`
  );
}

/** Cloud Storage's XML error code in a refused answer (<Code>SignatureDoesNotMatch</Code>), if any. */
function storageCode(body: string): string {
  return /<Code>([A-Za-z]{1,60})<\/Code>/.exec(body)?.[1] ?? '';
}

export async function signingCheck(
  files: FileStorage | null,
  { projectId, now }: { projectId: string; now: Date },
): Promise<HealthCheckResult> {
  const setupFix = 'npm run setup (it makes sure the default bucket exists)';
  if (!files) {
    return checkResult(
      id,
      title,
      'critical',
      'There is no Cloud Storage bucket: buyers cannot download files.',
      setupFix,
    );
  }
  const content = `Store health probe ${now.toISOString()}`;
  const file = files.bucket.file(probePath);
  try {
    await file.save(content, { contentType: 'text/plain', resumable: false });
  } catch (error) {
    return checkResult(
      id,
      title,
      'critical',
      `Could not write a test file to the bucket ${files.bucketName}: ${messageOf(error)}`,
      setupFix,
    );
  }
  let url: string;
  try {
    // Cloud Storage judges the expiry by the real clock, whatever clock the checks run on.
    [url] = await file.getSignedUrl({ version: 'v4', action: 'read', expires: Date.now() + 5 * 60_000 });
  } catch (error) {
    return checkResult(
      id,
      title,
      'critical',
      `The API could not sign a download link: ${messageOf(error)}`,
      fixFor(projectId),
    );
  }
  const answer = await fetch(url).catch(() => null);
  if (!answer) {
    return checkResult(
      id,
      title,
      'critical',
      'The signed link could not be opened: Cloud Storage did not answer.',
      fixFor(projectId),
    );
  }
  const body = await answer.text();
  if (answer.status !== 200 || body !== content) {
    const code = storageCode(body);
    return checkResult(
      id,
      title,
      'critical',
      `Cloud Storage refused the signed link (HTTP ${answer.status}${code ? `, ${code}` : ''}): buyers' download links would fail the same way.`,
      fixFor(projectId),
    );
  }
  return checkResult(
    id,
    title,
    'good',
    `Signed a download link in the bucket ${files.bucketName} and read the file back through it.`,
  );
}
