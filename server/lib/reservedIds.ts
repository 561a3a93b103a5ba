// Firestore reserves document and collection ids of the form `__.*__`: asked for one, the SDK throws,
// which a route would answer 500. An id from a request path names nothing the store has when it is
// shaped so: this is the one check for it, and `refuseReservedIds` the one middleware a router that
// puts path ids into Firestore paths mounts first, answering 404 in the router's own words
// (docs/security.md, 'Reserved ids').
import type { RequestHandler, Response } from 'express';

const reservedId = /^__.*__$/su;

/** True when `id` (decoded) is an id Firestore reserves. */
export function isReservedId(id: string): boolean {
  return reservedId.test(id);
}

/**
 * Answers `notFound` (the router's 404 in words) for a path with a reserved id in any segment,
 * plain or percent-encoded, before any of the router's routes runs.
 */
export function refuseReservedIds(notFound: (res: Response) => void): RequestHandler {
  return (req, res, next) => {
    const reserved = req.path.split('/').some((segment) => {
      try {
        return isReservedId(decodeURIComponent(segment));
      } catch {
        // A segment that does not decode is refused by the router itself (400, in words).
        return false;
      }
    });
    if (reserved) notFound(res);
    else next();
  };
}
