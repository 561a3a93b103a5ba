// The affiliate as the API reads it back (affiliates/{code}, docs/affiliates.md): one decoder, so the
// sign-up, the seller's approvals, attribution and the admin panel read each field the same way. A
// missing or mistyped field reads as its empty value; an unknown status reads as 'removed', so an odd
// record is never a live affiliate. The name is read as it may be shown or e-mailed (shownAffiliateName).
import { affiliateStatuses, shownAffiliateName, type AffiliateStatus } from './affiliates';
import { isoDate } from './dates';

/** The payout bank; the full account number is for the subaccount and the seller's transfers only. */
export interface AffiliateBank {
  code: string;
  name: string;
  accountName: string;
  accountNumber: string;
  last4: string;
}

export interface AffiliateRecord {
  name: string;
  email: string;
  /** The mailbox the address belongs to (domain/mailbox.ts): one application per mailbox. */
  emailKey: string;
  phone: string;
  promotion: string;
  status: AffiliateStatus;
  /** Null: the store's default. */
  commissionPercent: number | null;
  bank: AffiliateBank | null;
  subaccountCode: string | null;
  paypalEmail: string | null;
  /** When the application was made (ISO); the epoch when unreadable. */
  createdAt: string;
  /** When an approval claimed the Paystack subaccount's creation (milliseconds); null for none. */
  subaccountClaimAt: number | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function bankOf(value: unknown): AffiliateBank | null {
  if (typeof value !== 'object' || value === null) return null;
  const bank = value as Record<string, unknown>;
  if (typeof bank.code !== 'string' || typeof bank.accountNumber !== 'string') return null;
  return {
    code: bank.code,
    name: text(bank.name),
    accountName: text(bank.accountName),
    accountNumber: bank.accountNumber,
    last4: typeof bank.last4 === 'string' ? bank.last4 : bank.accountNumber.slice(-4),
  };
}

export function readAffiliateRecord(data: Record<string, unknown> | undefined): AffiliateRecord {
  const stored = data ?? {};
  const { status, commissionPercent, subaccountClaimAt } = stored;
  return {
    name: shownAffiliateName(text(stored.name)),
    email: text(stored.email),
    emailKey: text(stored.emailKey),
    phone: text(stored.phone),
    promotion: text(stored.promotion),
    status: (affiliateStatuses as readonly unknown[]).includes(status) ? (status as AffiliateStatus) : 'removed',
    commissionPercent:
      typeof commissionPercent === 'number' && Number.isFinite(commissionPercent) ? commissionPercent : null,
    bank: bankOf(stored.bank),
    subaccountCode: textOrNull(stored.subaccountCode),
    paypalEmail: textOrNull(stored.paypalEmail),
    createdAt: isoDate(stored.createdAt),
    subaccountClaimAt:
      typeof subaccountClaimAt === 'number' && Number.isFinite(subaccountClaimAt) ? subaccountClaimAt : null,
  };
}
