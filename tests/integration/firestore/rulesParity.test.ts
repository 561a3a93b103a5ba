// Rules files and requests that Google's emulator accepts, through the emulator and the SPA's SDK:
// a file without rules_version (version 1), path literals naming the database (default), and
// collection group queries judged by the rules instead of refused.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collectionGroup,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  setLogLevel,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { PROJECT_ID, adminClient, tempDir } from './helpers';

let dir: string;
const running: FirestoreEmulator[] = [];
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  setLogLevel('silent');
  dir = await tempDir();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await Promise.all(running.map((emulator) => emulator.close()));
  await rm(dir, { recursive: true, force: true });
});

/** An emulator enforcing `rules`, and a Lite client signed in as `uid` (or a visitor). */
async function withRules(name: string, rules: string): Promise<FirestoreEmulator> {
  const file = join(dir, `${name}.rules`);
  await writeFile(file, rules);
  const emulator = await startFirestoreEmulator({ port: 0, rulesFile: file });
  running.push(emulator);
  return emulator;
}

function client(emulator: FirestoreEmulator, uid?: string): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo' }, `parity-${apps.length}-${process.pid}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, uid ? { mockUserToken: { sub: uid } } : undefined);
  return db;
}

const outcome = (action: Promise<unknown>) =>
  action.then(
    () => 'allowed',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );

describe('a rules file without rules_version', () => {
  // https://firebase.google.com/docs/rules/rules-behavior: such a file is version 1. The shape is
  // that of Firebase's snippet rules (github.com/firebase/snippets-rules, solution-rbac), whose own
  // tests expect a stranger to be refused a story and an owner to be allowed it.
  it('loads and decides, with functions declared inside a match', async () => {
    const emulator = await withRules(
      'snippet',
      `// Stories are read by the people the story names.
service cloud.firestore {
  match /databases/{database}/documents {
    match /stories/{story} {
      function isSignedIn() {
        return request.auth != null;
      }
      function isOneOfRoles(rsc, array) {
        return isSignedIn() && (rsc.data.roles[request.auth.uid] in array);
      }
      allow read: if isOneOfRoles(resource, ['owner', 'reader']);
      match /{rest=**} {
        allow read: if isSignedIn();
      }
    }
  }
}
`,
    );
    await adminClient(emulator)
      .doc('stories/s1')
      .set({ roles: { ada: 'owner', bo: 'reader' } });
    expect(await outcome(getDoc(doc(client(emulator, 'ada'), 'stories/s1')))).toBe('allowed');
    expect(await outcome(getDoc(doc(client(emulator, 'bo'), 'stories/s1')))).toBe('allowed');
    expect(await outcome(getDoc(doc(client(emulator, 'eve'), 'stories/s1')))).toBe('permission-denied');
    // Version 1: {rest=**} takes one or more segments, so it never covers the story itself.
    expect(await outcome(getDoc(doc(client(emulator, 'eve'), 'stories/s1/comments/c1')))).toBe('allowed');
  });
});

describe('path literals with (default)', () => {
  // https://firebase.google.com/docs/reference/rules/rules.firestore.Resource writes
  // /databases/(default)/documents/... in a condition.
  it('load, and exists() reads the document they name', async () => {
    const emulator = await withRules(
      'default-literal',
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /rooms/{room} {
      allow get: if exists(/databases/(default)/documents/rooms/$(room)/members/$(request.auth.uid));
    }
  }
}
`,
    );
    await adminClient(emulator).doc('rooms/r1/members/ada').set({ since: 2026 });
    expect(await outcome(getDoc(doc(client(emulator, 'ada'), 'rooms/r1')))).toBe('allowed');
    expect(await outcome(getDoc(doc(client(emulator, 'eve'), 'rooms/r1')))).toBe('permission-denied');
  });
});

describe('collection group queries', () => {
  // https://firebase.google.com/docs/firestore/security/rules-query#collection_group_queries_and_security_rules
  it('are allowed by a recursive-wildcard match, and see the == filters of the query', async () => {
    const emulator = await withRules(
      'groups',
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{path=**}/reviews/{id} {
      allow read: if true;
    }
    match /{path=**}/notes/{id} {
      allow list: if resource.data.public == true;
    }
    match /products/{product}/drafts/{id} {
      allow read: if true;
    }
  }
}
`,
    );
    const admin = adminClient(emulator);
    await admin.doc('reviews/top').set({ stars: 5 });
    await admin.doc('products/p1/reviews/r1').set({ stars: 4 });
    await admin.doc('products/p1/notes/n1').set({ public: true });
    await admin.doc('products/p1/notes/n2').set({ public: false });
    await admin.doc('products/p1/drafts/d1').set({ text: 'x' });
    const db = client(emulator);

    const reviews = await getDocs(collectionGroup(db, 'reviews'));
    expect(reviews.docs.map((d) => d.ref.path).sort()).toEqual(['products/p1/reviews/r1', 'reviews/top']);
    const publicNotes = await getDocs(query(collectionGroup(db, 'notes'), where('public', '==', true)));
    expect(publicNotes.docs.map((d) => d.ref.path)).toEqual(['products/p1/notes/n1']);
    expect(await outcome(getDocs(collectionGroup(db, 'notes')))).toBe('permission-denied');
    // A rule for one parent's drafts does not cover drafts under every parent.
    expect(await outcome(getDocs(collectionGroup(db, 'drafts')))).toBe('permission-denied');
  });
});
