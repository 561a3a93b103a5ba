// Firestore reserves document and collection ids of the form `__.*__`: asked for one, the SDK throws,
// which a route would answer 500. Every route that takes an id from the path into a Firestore path
// (checkouts, transactions, products, files, reminders) is guarded here, in one place, before any
// handler runs: a path with such a segment names nothing the store has, so it answers 404 in words
// (docs/security.md, 'The API, the hosting and the local servers').
import type { RequestHandler } from 'express';

const reservedId = /^__.*__$/su;

/** True when `segment` (decoded) is an id Firestore reserves. */
export function isReservedId(segment: string): boolean {
  return reservedId.test(segment);
}

export const notFoundMessage = 'This address does not exist.';

/** Answers 404 for a path with a reserved id in any segment; a page to a browser, JSON otherwise. */
export const refuseReservedIds: RequestHandler = (req, res, next) => {
  const reserved = req.path.split('/').some((segment) => {
    try {
      return isReservedId(decodeURIComponent(segment));
    } catch {
      // A segment that does not decode is refused by the router itself (400, in words).
      return false;
    }
  });
  if (!reserved) {
    next();
    return;
  }
  res.set('Cache-Control', 'no-store');
  if (req.accepts(['json', 'html']) === 'html') {
    res
      .status(404)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>This page does not exist</h1><p>${notFoundMessage} Check the link you opened.</p></main></body></html>`,
      );
    return;
  }
  res.status(404).json({ message: notFoundMessage });
};
