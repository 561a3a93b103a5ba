// Plain shapes of the Sales panel (docs/architecture.md): what the data access returns and the rows show.
import type { EmailStatus, PaymentMethod } from '../../../../domain/apiContracts';
import type { Currency } from '../../../../domain/money';
import type { PageCursor } from '../../../../domain/paging';

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
  reference: string;
  emailStatus: EmailStatus;
  /** Times the access link was opened (counted on the transaction by the access route). */
  accessUses: number;
  accessRevoked: boolean;
  /** Where the next page starts when this row is the last one shown. */
  cursor: PageCursor;
}

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
}

/** A filter turned into what Firestore is asked: createdAt in [startMs, endMs) plus equalities. */
export interface SalesQuery {
  startMs: number;
  endMs: number;
  productId?: string;
  currency?: Currency;
  paymentMethod?: PaymentMethod;
  customerEmail?: string;
}

export interface SalesPage {
  rows: SaleRow[];
  hasNext: boolean;
}

export interface CurrencyTotal {
  currency: Currency;
  count: number;
  revenue: number;
}

/** Revenue of one stretch of the range (a day, or several days for long custom ranges). */
export interface RevenueBucket {
  /** First day of the bucket, YYYY-MM-DD in Africa/Lagos. */
  day: string;
  days: number;
  revenue: Record<Currency, number>;
}

export interface SaleProductOption {
  id: string;
  title: string;
}
