// The deploy: the SPA built with the new .env, then rules, indexes, storage rules, functions and
// hosting through firebase-tools used as a Node module (its own login or Application Default
// Credentials). `--skip-deploy` leaves it out.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { Step } from '../steps';

interface FirebaseTools {
  deploy(options: {
    project: string;
    only: string;
    cwd: string;
    nonInteractive: boolean;
    force: boolean;
  }): Promise<unknown>;
}

export const deployTargets = 'firestore:rules,firestore:indexes,storage,functions,hosting';

export const deployStep: Step = {
  title: 'Deploy',
  async run({ dir, values, skipDeploy }) {
    if (skipDeploy) return { changed: false, detail: 'skipped (--skip-deploy)' };
    await promisify(execFile)('npm', ['run', 'build'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    const tools = createRequire(import.meta.url)('firebase-tools') as FirebaseTools;
    const project = values.FIREBASE_PROJECT_ID ?? '';
    await tools.deploy({ project, only: deployTargets, cwd: dir, nonInteractive: true, force: true });
    return { changed: true, detail: `deployed ${deployTargets} to ${project}` };
  },
};
