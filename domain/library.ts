// The buyer's library (docs/library.md): what the API answers and the SPA shows. Pure shapes and
// words, shared by both sides.
import type { Currency } from './money';

/**
 * Where a purchase stands, in the order the library checks them; `awaiting` is a payment on its way
 * (a bank transfer Paystack has not yet seen, or PayPal's review), not yet a sale.
 */
export type LibraryState = 'active' | 'refunded' | 'disputed' | 'accessEnded' | 'awaiting';

export const libraryStateLabels: Record<LibraryState, string> = {
  active: 'Active',
  refunded: 'Refunded',
  disputed: 'Disputed',
  accessEnded: 'Access ended',
  awaiting: 'Awaiting payment',
};

/** One purchase of the signed-in address (GET /api/library/purchases). */
export interface LibraryPurchase {
  /** The transaction id: what the open and receipt requests name (a checkout's id while `awaiting`). */
  id: string;
  title: string;
  /** The product's cover today; null when the product was deleted. */
  coverImageUrl: string | null;
  /** When it was paid (while `awaiting`, when the payment started waiting), ISO. */
  paidAt: string;
  currency: Currency;
  amountPaid: number;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** Everything refunded so far, major units (0: none). */
  refunded: number;
  /** The sale comes with a license key (GET /api/library/purchases/{id}/license shows it). */
  hasLicenseKey: boolean;
  /** The product has lessons: the library offers 'Start the course' (POST /api/library/purchases/{id}/course). */
  hasCourse: boolean;
  state: LibraryState;
}

/** A purchase's license key as the library shows it (docs/licenses.md); `key` null while it is owed. */
export interface LibraryLicense {
  key: string | null;
  status: 'active' | 'disabled' | 'pending';
  activationLimit: number | null;
  activations: { id: string; name: string; at: string }[];
}

/** GET /api/library/purchases/{id}/license: null for a purchase without a key. */
export interface LibraryLicenseAnswer {
  license: LibraryLicense | null;
}

/** GET /api/library/purchases. */
export interface LibraryAnswer {
  email: string;
  purchases: LibraryPurchase[];
}

/** What every sign-in request answers, buyer or stranger alike (the same bytes, so it tells nothing). */
export const signInRequestAnswer =
  'If this address is right, a 6-digit code and a sign-in link are on their way to it. They work for 10 minutes.';

/**
 * The sign-in request's answer once the address's wrong codes of the day are spent: no code is mailed
 * (none would be taken), only the one-click link, so a stranger's guesses never lock the owner out.
 * The answer then carries `linkOnly: true`, and the forms ask for no code.
 */
export const signInLinkOnlyAnswer =
  'Too many wrong codes were typed for this address today, so there is no code this time. If this address is right, a sign-in link is on its way to it instead: open it within 10 minutes to sign in.';

/** What POST /api/library/sign-in answers. */
export interface SignInRequestAnswer {
  message: string;
  /** Present (true) when only the link was mailed. */
  linkOnly?: true;
}

/** The one-click link's query parameter on /library. */
export const signInLinkParam = 'signin';
