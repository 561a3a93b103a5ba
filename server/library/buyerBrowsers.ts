// What the API knows of a buyer's browser, built once for the app (docs/library.md, docs/files.md): the
// one signed `__session` cookie, the download service that remembers devices on grants, and the library
// that signs buyers in with a mailed code.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { createDownloads } from '../downloads/downloads';
import { createCopyMaker } from '../files/stampedCopies';
import type { FileStorage } from '../files/storage';
import { sessionCookiesFor } from '../lib/sessionCookie';
import type { AccessLinks } from '../orders/accessLinks';
import type { Fulfilment } from '../orders/fulfilment';
import { createLibrary } from './library';

export function createBuyerBrowsers({
  config,
  db,
  mailer,
  links,
  fulfilment,
  files,
  logError,
  now,
}: {
  config: ServerConfig;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  links: AccessLinks;
  fulfilment: Fulfilment;
  files: () => FileStorage | null;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
}) {
  const browsers = sessionCookiesFor(config, links.deviceCookieKey);
  const downloads = createDownloads({
    db,
    storage: files,
    copyFor: createCopyMaker({ storage: files, logError }),
    now,
  });
  const library = createLibrary({ db, mailer, config, links, fulfilment, downloads, secret: browsers.codeKey, now });
  /** The address of a library session, or null: such a browser is confirmed for that address's purchases. */
  const librarySessionEmail = async (id: string | null) => (id ? ((await library.owner(id))?.email ?? null) : null);
  /** The address of the browser's library session, or null: affiliates sign in the same way. */
  const signedInEmail = (req: { get(name: string): string | undefined }): Promise<string | null> =>
    librarySessionEmail(browsers.cookies.read(req.get('cookie'))?.librarySession ?? null);
  return { browsers, downloads, library, signedInEmail, librarySessionEmail };
}
