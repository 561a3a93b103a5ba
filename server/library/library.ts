// The library's service (docs/library.md): what its routes ask for, each a single call. Sign-ins mail a
// code and a link; sessions are checked on every request; purchases are listed, opened and receipted
// only for the session's own address, with their license keys (docs/licenses.md).
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { signInLinkParam, type LibraryAnswer } from '../../domain/library';
import { paths } from '../../domain/routes';
import type { ServerConfig } from '../config';
import type { Downloads } from '../downloads/downloads';
import { signInMail } from '../mail/libraryMails';
import type { AccessLinks } from '../orders/accessLinks';
import type { Fulfilment } from '../orders/fulfilment';
import { createBuyerLicenses } from '../licenses/buyerLicenses';
import { createLibraryLicenses } from './libraryLicenses';
import { createLibraryPurchases, type LibraryRefusal } from './libraryPurchases';
import { receiptPdf } from './receiptPdf';
import { createSessionRecords, type SessionOwner } from './sessions';
import { codeMinutes, createSignIns, type CodeStart, type SignInOutcome } from './signIns';

export interface LibraryDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
  links: AccessLinks;
  fulfilment: Pick<Fulfilment, 'ensureAccess'>;
  downloads: Pick<Downloads, 'rememberDeviceOn'>;
  /** Keys the stored code hashes. */
  secret: string;
  now: () => Date;
}

/** Mailed (with a code, or `linkOnly` once the address's wrong codes of the day are spent), or refused. */
export type CodeRequest = Exclude<CodeStart, { kind: 'started' }> | { kind: 'mailed'; linkOnly: boolean };
export type ReceiptAnswer = LibraryRefusal | { kind: 'receipt'; pdf: Uint8Array; reference: string };

export function createLibrary({ db, mailer, config, links, fulfilment, downloads, secret, now }: LibraryDeps) {
  const signIns = createSignIns({ db, secret, now });
  const sessions = createSessionRecords({ db, now });
  const purchases = createLibraryPurchases({
    db,
    links,
    fulfilment,
    downloads,
    now,
    storeUrl: config.PUBLIC_STORE_URL,
  });
  const licenseKeys = createLibraryLicenses({ purchases, licenses: createBuyerLicenses({ db }) });
  const libraryUrl = `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}${paths.library}`;

  /**
   * Mails a new code and link to the address, or the link alone once its wrong codes of the day are
   * spent (`tooManyCodes` past its hourly or daily budget of mails).
   */
  const requestCode = async (email: string): Promise<CodeRequest> => {
    const started = await signIns.start(email);
    if (started.kind !== 'started') return started;
    const { code, linkToken, emailKey } = started;
    const link = `${libraryUrl}?${signInLinkParam}=${emailKey}.${linkToken}`;
    const mail = signInMail({ code, link, storeName: config.STORE_NAME, minutes: codeMinutes });
    await mailer.sendMail({
      from: config.MAIL_FROM,
      to: email.trim(),
      replyTo: config.SELLER_EMAIL,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return { kind: 'mailed', linkOnly: code === null };
  };

  const signInWithCode = (email: string, code: string): Promise<SignInOutcome> => signIns.withCode(email, code);
  const signInWithLink = (link: string): Promise<SignInOutcome> => signIns.withLink(link);

  const listFor = async (owner: SessionOwner): Promise<LibraryAnswer> => ({
    email: owner.email,
    purchases: await purchases.list(owner),
  });

  const receiptFor = async (owner: SessionOwner, transactionId: string): Promise<ReceiptAnswer> => {
    const own = await purchases.ownPurchase(owner, transactionId);
    if (own.kind !== 'own') return own;
    const transaction = own.data;
    const pdf = await receiptPdf(transaction, { storeName: config.STORE_NAME, contactEmail: config.SELLER_EMAIL });
    return { kind: 'receipt', pdf, reference: transaction.transactionReference || transactionId };
  };

  return {
    requestCode,
    signInWithCode,
    signInWithLink,
    owner: sessions.owner,
    signOut: sessions.revoke,
    signOutEverywhere: sessions.revokeAll,
    listFor,
    open: purchases.open,
    openCourse: purchases.openCourse,
    receiptFor,
    licenseFor: licenseKeys.licenseFor,
    deactivateMachine: licenseKeys.deactivate,
  };
}

export type Library = ReturnType<typeof createLibrary>;
