// The affiliate program's service (docs/affiliates.md): applications (a Nigerian bank account resolved
// by Paystack before it is saved, or a PayPal address), the seller's approvals (which create the
// affiliate's Paystack subaccount), pauses, removals and commissions, click counts, and the attribution
// a checkout asks for. Every write is the API's; clients only read, and only admins.
import { randomInt } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import {
  isSelfReferral,
  readAffiliateSettings,
  type AffiliateSettings,
  type AffiliateStatus,
  type PayoutAccount,
} from '../../domain/affiliates';
import { readAffiliateRecord, type AffiliateRecord } from '../../domain/affiliateRecord';
import { mailboxOf } from '../../domain/mailbox';
import { addressKey } from '../lib/addressKey';
import { storeSettingsPath } from '../../domain/storeSettings';
import type { ServerConfig } from '../config';
import { affiliateMail, applicationNotice, type AffiliateStep } from '../mail/affiliateMails';
import type { Bank, PaystackAccounts } from '../payments/paystackAccounts';
import { affiliateMailboxesCollection, affiliatesCollection } from '../lib/collections';
import { countClick, type Visitor } from './affiliateClicks';

/** affiliates/{code}, written by the API only; read back through domain/affiliateRecord.ts. */
type StoredAffiliate = Omit<AffiliateRecord, 'createdAt' | 'subaccountClaimAt'> & { createdAt: Timestamp };

export interface Affiliate extends AffiliateRecord {
  code: string;
}

export type Payout =
  { kind: 'bank'; bankCode: string; accountNumber: string } | { kind: 'paypal'; paypalEmail: string };

export interface Application {
  name: string;
  email: string;
  phone: string;
  promotion: string;
  payout: Payout;
}

/** A refusal the applicant or the seller reads as it is. */
export class AffiliateRefusedError extends Error {
  override name = 'AffiliateRefusedError';
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 503,
  ) {
    super(message);
  }
}

const alreadyApplied = () =>
  new AffiliateRefusedError('This e-mail address has already applied. Sign in to your affiliate page.', 409);

export const programClosed = 'The affiliate program is not open right now.';
export const accountNotFound = 'Paystack could not find this account. Please check the bank and the account number.';
export const payoutsUnavailable = 'Bank payouts cannot be set up right now. Please try again later, or use PayPal.';

export interface AffiliateDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL' | 'ACCESS_LINK_SECRET'>;
  /** Paystack's banks and subaccounts; null when neither Paystack nor the local stand-in is there. */
  accounts: PaystackAccounts | null;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}

/**
 * A stored affiliate as the API hands it on (domain/affiliateRecord.ts): the name as it may be e-mailed
 * or shown, whatever was stored before the name rules were checked on applying.
 */
function asAffiliate(code: string, data: Record<string, unknown> | undefined): Affiliate {
  return { ...readAffiliateRecord(data), code };
}

/** Every application the mailbox ever made (removed ones too): where each would be paid. */
async function applicationsOf(db: Firestore, email: string): Promise<PayoutAccount[]> {
  const found = await db.collection(affiliatesCollection).where('emailKey', '==', mailboxOf(email)).get();
  return found.docs.map((doc) => {
    const { bank, paypalEmail } = readAffiliateRecord(doc.data());
    return { bank, paypalEmail };
  });
}

const bankListMs = 6 * 60 * 60 * 1000;
/** An approval whose Paystack call has not answered in this time died; another may try again. */
const subaccountClaimMs = 2 * 60 * 1000;

function codeStem(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  return (letters.slice(0, 6) || 'AFF').padEnd(3, 'X');
}

/** An application, stored pending (or approved at once when the seller requires no approval). */
async function submitApplication(
  ctx: Pick<AffiliateDeps, 'db' | 'mailer' | 'config' | 'now' | 'logError'> & {
    settings: () => Promise<AffiliateSettings>;
    byEmail: (email: string) => Promise<Affiliate | null>;
    resolveAccount: (bankCode: string, accountNumber: string) => Promise<{ bank: Bank; accountName: string }>;
    approve: (code: string) => Promise<Affiliate>;
    mail: (affiliate: Pick<Affiliate, 'name' | 'email'>, step: AffiliateStep) => Promise<void>;
    ref: (code: string) => DocumentReference;
  },
  application: Application,
): Promise<{ code: string; status: AffiliateStatus }> {
  const { db, mailer, config, now, logError, settings, byEmail, resolveAccount, approve, mail, ref } = ctx;
  const program = await settings();
  if (!program.on) throw new AffiliateRefusedError(programClosed, 403);
  if (await byEmail(application.email)) throw alreadyApplied();
  const { payout } = application;
  let bank: AffiliateRecord['bank'] = null;
  if (payout.kind === 'bank') {
    const resolved = await resolveAccount(payout.bankCode, payout.accountNumber);
    bank = {
      code: resolved.bank.code,
      name: resolved.bank.name,
      accountName: resolved.accountName,
      accountNumber: payout.accountNumber,
      last4: payout.accountNumber.slice(-4),
    };
  }
  const record: StoredAffiliate = {
    name: application.name,
    email: application.email.trim().toLowerCase(),
    emailKey: mailboxOf(application.email),
    phone: application.phone,
    promotion: application.promotion,
    status: 'pending',
    commissionPercent: null,
    bank,
    subaccountCode: null,
    paypalEmail: payout.kind === 'paypal' ? payout.paypalEmail.trim().toLowerCase() : null,
    createdAt: Timestamp.fromDate(now()),
  };
  const code = await db.runTransaction(async (t) => {
    // One live affiliate per mailbox, held by affiliateMailboxes/{key}: two applications from one
    // mailbox at once make one affiliate (a query read in a transaction would not say so).
    const mailbox = db.collection(affiliateMailboxesCollection).doc(addressKey(record.emailKey));
    const held = (await t.get(mailbox)).data();
    if (typeof held?.code === 'string' && (await t.get(ref(held.code))).get('status') !== 'removed') {
      throw alreadyApplied();
    }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${codeStem(application.name)}${randomInt(10, 1000)}`;
      if ((await t.get(ref(candidate))).exists) continue;
      t.create(ref(candidate), record);
      t.set(mailbox, { code: candidate });
      return candidate;
    }
    throw new Error('No free affiliate code');
  });
  const notice = applicationNotice({
    name: record.name,
    email: record.email,
    code,
    promotion: record.promotion,
    waiting: program.approvalRequired,
    storeName: config.STORE_NAME,
  });
  await mailer
    .sendMail({ from: config.MAIL_FROM, to: config.SELLER_EMAIL, ...notice })
    .catch((error: unknown) => logError(`Affiliate application notice for ${code} failed`, error));
  if (!program.approvalRequired) {
    try {
      return { code, status: (await approve(code)).status };
    } catch (error) {
      logError(`Affiliate ${code} could not be approved at once`, error);
    }
  }
  await mail(record, 'received');
  return { code, status: 'pending' };
}

/**
 * Approves, creating the Paystack subaccount of a bank payout first (a failure approves nothing).
 * The subaccount is claimed in a transaction first, so two admins approving at once create one.
 */
async function approveAffiliate(
  ctx: Pick<AffiliateDeps, 'db' | 'now'> & {
    ref: (code: string) => DocumentReference;
    settings: () => Promise<AffiliateSettings>;
    createSubaccount: (affiliate: Affiliate, percent: number) => Promise<string>;
    mail: (affiliate: Pick<Affiliate, 'name' | 'email'>, step: AffiliateStep, detail?: string) => Promise<void>;
  },
  code: string,
): Promise<Affiliate> {
  const { db, now, ref, settings, createSubaccount, mail } = ctx;
  const at = now().getTime();
  const claim = await db.runTransaction(async (t) => {
    const stored = (await t.get(ref(code))).data();
    const affiliate = asAffiliate(code, stored);
    if (!stored || affiliate.status === 'removed') throw new AffiliateRefusedError('No such affiliate.', 404);
    if (!affiliate.bank || affiliate.subaccountCode) return { affiliate, create: false };
    if (affiliate.subaccountClaimAt !== null && at - affiliate.subaccountClaimAt < subaccountClaimMs) {
      throw new AffiliateRefusedError('This affiliate is being approved already. Please refresh in a moment.', 409);
    }
    t.update(ref(code), { subaccountClaimAt: at });
    return { affiliate, create: true };
  });
  const { affiliate } = claim;
  let subaccountCode = affiliate.subaccountCode;
  if (claim.create) {
    try {
      subaccountCode = await createSubaccount(affiliate, affiliate.commissionPercent ?? (await settings()).percent);
    } catch (error) {
      await ref(code).update({ subaccountClaimAt: FieldValue.delete() });
      throw error;
    }
  }
  const wasApproved = await db.runTransaction(async (t) => {
    const stored = (await t.get(ref(code))).data();
    const { status } = readAffiliateRecord(stored);
    if (!stored || status === 'removed') throw new AffiliateRefusedError('No such affiliate.', 404);
    t.update(ref(code), { status: 'approved', subaccountCode, subaccountClaimAt: FieldValue.delete() });
    return status === 'approved';
  });
  if (!wasApproved) await mail(affiliate, 'approved', code);
  return { ...affiliate, status: 'approved', subaccountCode };
}

export function createAffiliates(deps: AffiliateDeps) {
  const { db, mailer, config, now, logError } = deps;
  const ref = (code: string) => db.collection(affiliatesCollection).doc(code);
  const pageUrl = `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}/affiliates/me`;
  let bankCache: { at: number; banks: Bank[] } | null = null;

  const settings = async (): Promise<AffiliateSettings> => {
    const data = (await db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id).get()).data();
    return readAffiliateSettings(data?.affiliates);
  };

  const requireAccounts = (): PaystackAccounts => {
    if (!deps.accounts) throw new AffiliateRefusedError(payoutsUnavailable, 503);
    return deps.accounts;
  };

  const banks = async (): Promise<Bank[]> => {
    if (bankCache && now().getTime() - bankCache.at < bankListMs) return bankCache.banks;
    const list = await requireAccounts().banks();
    bankCache = { at: now().getTime(), banks: list };
    return list;
  };

  const resolveAccount = async (bankCode: string, accountNumber: string) => {
    const bank = (await banks()).find((each) => each.code === bankCode);
    if (!bank) throw new AffiliateRefusedError('Please choose your bank from the list.', 400);
    const accountName = await requireAccounts().resolveAccount(bankCode, accountNumber);
    if (!accountName) throw new AffiliateRefusedError(accountNotFound, 400);
    return { bank, accountName };
  };

  /** Sends a step's e-mail; a failure is logged, never a reason to undo the step. */
  const mail = async (affiliate: Pick<Affiliate, 'name' | 'email'>, step: AffiliateStep, detail = '') => {
    const content = affiliateMail({ step, name: affiliate.name, storeName: config.STORE_NAME, detail, pageUrl });
    try {
      await mailer.sendMail({ from: config.MAIL_FROM, to: affiliate.email, replyTo: config.SELLER_EMAIL, ...content });
    } catch (error) {
      logError(`Affiliate e-mail (${step}) to ${affiliate.email} failed`, error);
    }
  };

  const byCode = async (code: string): Promise<Affiliate | null> => {
    const data = (await ref(code).get()).data();
    return data ? asAffiliate(code, data) : null;
  };

  /** The live (not removed) affiliate of this mailbox, if any. */
  const byEmail = async (email: string): Promise<Affiliate | null> => {
    const found = await db.collection(affiliatesCollection).where('emailKey', '==', mailboxOf(email)).get();
    const live = found.docs.find((doc) => doc.get('status') !== 'removed');
    return live ? asAffiliate(live.id, live.data()) : null;
  };

  const createSubaccount = async (affiliate: Affiliate, percent: number): Promise<string> => {
    if (!affiliate.bank) throw new Error('no bank');
    return requireAccounts().createSubaccount({
      businessName: `${affiliate.name} (${affiliate.code})`,
      bankCode: affiliate.bank.code,
      accountNumber: affiliate.bank.accountNumber,
      email: affiliate.email,
      percentageCharge: 100 - percent,
    });
  };

  /** Approves, creating the Paystack subaccount of a bank payout first (a failure approves nothing). */
  const approve = (code: string) => approveAffiliate({ db, now, ref, settings, createSubaccount, mail }, code);

  const apply = (application: Application) =>
    submitApplication({ ...deps, settings, byEmail, resolveAccount, approve, mail, ref }, application);

  const setStatus = async (code: string, status: 'paused' | 'removed'): Promise<void> => {
    const affiliate = await byCode(code);
    if (!affiliate || affiliate.status === 'removed') throw new AffiliateRefusedError('No such affiliate.', 404);
    await ref(code).update({ status });
    if (affiliate.status !== status) await mail(affiliate, status);
  };

  const setCommission = async (code: string, percent: number | null): Promise<void> => {
    const affiliate = await byCode(code);
    if (!affiliate || affiliate.status === 'removed') throw new AffiliateRefusedError('No such affiliate.', 404);
    await ref(code).update({ commissionPercent: percent });
    await mail(affiliate, 'commission', String(percent ?? (await settings()).percent));
  };

  /** Counts a followed link of an approved affiliate, once per visitor and Lagos day (affiliateClicks.ts). */
  const click = async (code: string, visitor: Visitor): Promise<{ accepted: boolean; windowDays: number }> => {
    const program = await settings();
    const affiliate = program.on ? await byCode(code) : null;
    if (!affiliate || affiliate.status !== 'approved') return { accepted: false, windowDays: program.windowDays };
    await countClick(db, config.ACCESS_LINK_SECRET ?? '', code, visitor, now());
    return { accepted: true, windowDays: program.windowDays };
  };

  /**
   * The affiliate a checkout may carry: an approved one, while the program is on, never for a buyer
   * who is the affiliate (domain/affiliates.ts isSelfReferral: the same mailbox, or the payout account
   * of one of the buyer's own applications). Anything else is ignored: the buyer still pays.
   */
  const attributionFor = async (code: string | undefined, buyerEmail: string) => {
    if (!code) return null;
    const program = await settings();
    if (!program.on) return null;
    const affiliate = await byCode(code);
    if (!affiliate || affiliate.status !== 'approved') return null;
    const buyer = { email: buyerEmail, applications: await applicationsOf(db, buyerEmail) };
    if (isSelfReferral(buyer, affiliate)) return null;
    return {
      code,
      percent: affiliate.commissionPercent ?? program.percent,
      subaccountCode: affiliate.subaccountCode,
    };
  };

  const list = async (): Promise<Affiliate[]> => {
    const snapshot = await db.collection(affiliatesCollection).orderBy('createdAt', 'desc').limit(500).get();
    return snapshot.docs.map((doc) => asAffiliate(doc.id, doc.data()));
  };

  return {
    settings,
    banks,
    resolveAccount: async (bankCode: string, accountNumber: string) =>
      (await resolveAccount(bankCode, accountNumber)).accountName,
    apply,
    approve,
    pause: (code: string) => setStatus(code, 'paused'),
    remove: (code: string) => setStatus(code, 'removed'),
    setCommission,
    click,
    attributionFor,
    byCode,
    byEmail,
    list,
  };
}

export type Affiliates = ReturnType<typeof createAffiliates>;
