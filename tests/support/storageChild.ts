// Runs the Cloud Storage stand-in as a child process, so a test can watch its memory alone
// (tests/integration/local/cloudStorageLarge.test.ts): prints `READY <port>` once it listens.
import { readFile } from 'node:fs/promises';
import { publicKeyOf, type ServiceAccountKeyFile } from '../../local/storage/serviceAccount';
import { startStorageHost } from '../../local/storage/storageHost';

const [dir, bucket, keyFile] = process.argv.slice(2);
if (!dir || !bucket || !keyFile) throw new Error('usage: storageChild.ts <data dir> <bucket> <key file>');
const key = JSON.parse(await readFile(keyFile, 'utf8')) as ServiceAccountKeyFile;
const host = await startStorageHost({
  dir,
  buckets: [bucket],
  keys: [{ clientEmail: key.client_email, publicKey: publicKeyOf(key) }],
});
process.stdout.write(`READY ${host.port}\n`);
