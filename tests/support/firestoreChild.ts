// Runs our Firestore emulator as a child process on a data file, for the crash test
// (tests/integration/firestore/crash.test.ts): prints `READY <port>` once it listens.
import { startFirestoreEmulator } from '../../local/firestore/server';

const dataFile = process.argv[2];
if (!dataFile) throw new Error('usage: firestoreChild.ts <data file>');
const emulator = await startFirestoreEmulator({ dataFile, port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${emulator.port}\n`);
