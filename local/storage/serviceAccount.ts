// The local cloud's stand-in for the API function's service account: an RSA key made on first start
// and kept under the data directory, in the JSON key file form Google issues. The API signs URLs with
// it (as it signs through IAM signBlob when deployed); the Cloud Storage stand-in gets only its public
// half, as Google checks signatures against the account's public keys.
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface ServiceAccountKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

export interface LocalServiceAccount {
  keyFile: string;
  clientEmail: string;
  /** PEM (SPKI): all the stand-in is given. */
  publicKey: string;
}

export function newServiceAccountKey(projectId: string, accountName = 'api-local'): ServiceAccountKeyFile {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: `${accountName}@${projectId}.iam.gserviceaccount.com`,
    client_id: String(BigInt(`0x${randomBytes(8).toString('hex')}`)),
    token_uri: 'https://oauth2.googleapis.com/token',
  };
}

export function publicKeyOf(key: ServiceAccountKeyFile): string {
  return createPublicKey(key.private_key).export({ type: 'spki', format: 'pem' }).toString();
}

/** The key kept in `keyFile`, made (mode 0600) the first time. */
export async function loadOrCreateServiceAccount(keyFile: string, projectId: string): Promise<LocalServiceAccount> {
  if (!existsSync(keyFile)) {
    await mkdir(dirname(keyFile), { recursive: true });
    const temp = `${keyFile}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(newServiceAccountKey(projectId), null, 2), { mode: 0o600 });
    await rename(temp, keyFile);
  }
  const key = JSON.parse(await readFile(keyFile, 'utf8')) as ServiceAccountKeyFile;
  return { keyFile, clientEmail: key.client_email, publicKey: publicKeyOf(key) };
}
