// The store as buyers reach it: Hosting's live release, and PUBLIC_STORE_URL's API answering with
// this build's version (GET /api/health).
import { buildVersion, isThisBuild } from '../buildVersion';
import { endpoint } from '../endpoints';
import { critical, good, recommended, type Check } from './registry';

async function healthVersion(publicUrl: string): Promise<string | null> {
  try {
    const response = await fetch(`${publicUrl.replace(/\/+$/, '')}/api/health`, {
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      await response.text();
      return null;
    }
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : '';
  } catch {
    return null;
  }
}

export const hostingCheck: Check = {
  id: 'hosting',
  title: 'Hosting and this build',
  google: true,
  async run({ google, env, projectId, publicUrl, dir }) {
    const channel = await google.request<{ release?: { releaseTime?: string } }>(
      'GET',
      `${endpoint(env, 'FIREBASE_HOSTING_API_URL')}/v1beta1/sites/${projectId}/channels/live`,
    );
    if (!channel?.release?.releaseTime)
      return critical('Nothing is released on Hosting: the store is not online.', 'npm run setup');
    const released = `Released on ${channel.release.releaseTime}`;
    const version = await healthVersion(publicUrl);
    if (version === null) {
      return critical(
        `${released}, but ${publicUrl}/api/health does not answer: the API is down or not deployed.`,
        'npm run setup',
      );
    }
    const wanted = buildVersion(dir);
    return isThisBuild(version, dir)
      ? good(`${released}; ${publicUrl} serves this build (${wanted}).`)
      : recommended(
          `${released}; ${publicUrl} serves ${version || 'an unnamed build'}, not this build (${wanted}).`,
          'npm run setup',
        );
  },
};
