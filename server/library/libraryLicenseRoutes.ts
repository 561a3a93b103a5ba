// The library's license key routes (docs/licenses.md, docs/library.md), mounted by libraryRoutes.ts with
// its session check and its refusals (404 not in the library, 410 access ended):
//
//   GET  /purchases/:id/license                          {license}: its key and machines, null without a key
//   POST /purchases/:id/license/:instanceId/deactivate   frees that machine's seat -> {license}
import { failure, handle, jsonError, type HttpError } from '../lib/httpErrors';
import type { Library } from './library';
import type { LibraryRefusal } from './libraryPurchases';
import type { SessionOwner } from './sessions';

export const noSuchMachine = 'That machine is not using this license key.';

export function createLibraryLicenseHandlers({
  library,
  signedIn,
  refusal,
}: {
  library: Pick<Library, 'licenseFor' | 'deactivateMachine'>;
  signedIn: (cookieHeader: string | undefined) => Promise<{ owner: SessionOwner }>;
  refusal: (refused: LibraryRefusal) => HttpError;
}) {
  const license = handle<{ id: string }>(
    async (req, res) => {
      const { owner } = await signedIn(req.get('cookie'));
      const answer = await library.licenseFor(owner, req.params.id);
      if (answer.kind !== 'license') throw refusal(answer);
      res.json({ license: answer.license });
    },
    (error, req) =>
      failure(
        `License of ${req.params.id} failed`,
        error,
        500,
        'Your license key could not be loaded. Please try again.',
      ),
  );

  const deactivate = handle<{ id: string; instanceId: string }>(
    async (req, res) => {
      const { owner } = await signedIn(req.get('cookie'));
      const { id, instanceId } = req.params;
      const done = await library.deactivateMachine(owner, id, instanceId);
      if (done.kind === 'noSuchMachine') throw jsonError(404, noSuchMachine);
      if (done.kind !== 'deactivated') throw refusal(done);
      const answer = await library.licenseFor(owner, id);
      if (answer.kind !== 'license') throw refusal(answer);
      res.json({ license: answer.license });
    },
    (error, req) =>
      failure(
        `Deactivation for ${req.params.id} failed`,
        error,
        500,
        'The machine could not be deactivated. Please try again.',
      ),
  );

  return { license, deactivate };
}
