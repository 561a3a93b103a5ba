// Plain shapes of the Sales panel (docs/architecture.md): what the data access returns and the rows show.
import type { EmailStatus, PaymentMethod } from '../../../../domain/apiContracts';
import type { Currency } from '../../../../domain/money';
import type { PageCursor } from '../../../../domain/paging';
import type { DisputeStatus, SaleRefund } from '../../../../domain/refunds';

export const currencies: readonly Currency[] = ['NGN', 'USD'];

/** One transaction as the Sales panel shows it; desk actions (resend, revoke) receive it too. */
export interface SaleRow {
  /** transactions/{provider}_{reference} */
  id: string;
  /** When the API recorded the sale (server time), ISO. */
  createdAt: string;
  productId: string;
  productName: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  amountPaid: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  /** The price before any discount (sales before checkouts: what was paid). */
  listPrice: number;
  /** The discount code used (upper case), or '' for none. */
  discountCode: string;
  /** What the code took off the list price, in `currency`. */
  discountAmount: number;
  reference: string;
  emailStatus: EmailStatus;
  /** Times the access link was opened (counted on the transaction by the access route). */
  accessUses: number;
  /** File downloads counted by the download page, and the devices that confirmed the purchase e-mail. */
  downloads: { count: number; devices: number };
  accessRevoked: boolean;
  /** Null while the sale was never refunded (docs/payments.md, 'Refunds and disputes'). */
  refund: SaleRefund | null;
  /** Null while the buyer never disputed the payment. */
  dispute: SaleDispute | null;
  /** Where the next page starts when this row is the last one shown. */
  cursor: PageCursor;
  /** The affiliate whose link brought the sale, and their commission in `currency` (docs/affiliates.md). */
  affiliateCode?: string;
  commission?: number;
}

export type { SaleRefund } from '../../../../domain/refunds';

export interface SaleDispute {
  status: DisputeStatus;
  deadline: string | null;
  reason: string;
}

/** The refund and dispute filter: every sale, refunded ones, disputed ones. */
export type SaleStatusFilter = '' | 'refunded' | 'disputed';

export type RangePreset = 'today' | '7d' | '30d' | 'custom';

/** The filter as the URL holds it (SalesPanel reads and writes it there). */
export interface SalesFilter {
  range: RangePreset;
  /** Custom range days, YYYY-MM-DD in Africa/Lagos, both included. */
  from: string;
  to: string;
  productId: string;
  currency: Currency | '';
  paymentMethod: PaymentMethod | '';
  /** Lower-cased, as the API stores customerEmail. */
  email: string;
  status: SaleStatusFilter;
  /** Upper case, as the API stores discountCode; '' for any sale. */
  code: string;
  /** An affiliate code (upper case); absent for any sale. */
  affiliate?: string;
}

/** A filter turned into what Firestore is asked: createdAt in [startMs, endMs) plus equalities. */
export interface SalesQuery {
  startMs: number;
  endMs: number;
  productId?: string;
  currency?: Currency;
  paymentMethod?: PaymentMethod;
  customerEmail?: string;
  status?: Exclude<SaleStatusFilter, ''>;
  discountCode?: string;
  affiliateCode?: string;
}

export interface SalesPage {
  rows: SaleRow[];
  hasNext: boolean;
}

export interface CurrencyTotal {
  currency: Currency;
  count: number;
  /** Paid by buyers (after any discount), before refunds. */
  revenue: number;
  /** What went back to buyers, of the same sales. */
  refunds: number;
  /** What discount codes took off the list prices of the same sales. */
  discounts: number;
  /** Affiliates' commissions on the same sales (net of refunds' reductions). */
  commissions?: number;
}

/** Revenue of one stretch of the range (a day, or several days for long custom ranges). */
export interface RevenueBucket {
  /** First day of the bucket, YYYY-MM-DD in Africa/Lagos. */
  day: string;
  days: number;
  /** Gross, by the day of the sale. */
  revenue: Record<Currency, number>;
  /** Refunded of those days' sales. */
  refunds: Record<Currency, number>;
}

export interface SaleProductOption {
  id: string;
  title: string;
}
