// A discount code's uses inside the caller's Firestore transactions (docs/payments.md, 'Discount
// codes'). A checkout reserves a use in the transaction that creates it, so `uses + reserved` never
// passes the limit however many buyers race; fulfilment turns the reservation into a use, and the
// expiry of an unpaid checkout releases it. Paid orders therefore never exceed the limit, and a buyer
// who paid inside the checkout's hour (and its grace, checkouts/latePayments.ts) is never refused:
// confirming never checks the limit again. A payment made after that has no use held for it any more:
// it gets the code only if codeUseAtPayment finds a use free, in the transaction that confirms it.
//
// Two subcollections of discountCodes/{CODE}, written by the API only (firestore.rules deny every
// client):
// - reservations/{checkoutId}: what each checkout holds (reserved, confirmed or released), so a
//   confirmation or a release given the same checkout twice (a retried webhook, two racing sweeps)
//   counts once.
// - redemptions/{addressKey of the e-mail}: the buyers who paid with the code, for once-per-e-mail
//   codes, one document per mailbox (server/lib/addressKey.ts; docs/payments.md, 'Once per e-mail'),
//   so `ada+1@` and `ada+2@` are one buyer. Documents written before under the plain address's key
//   (legacyAddressKey) are read beside it. A document per mailbox can be read inside the transaction,
//   which a query cannot; the address itself is not stored. Only a paid use counts: a buyer who
//   closed the payment window may start again with the same code. So one address holding two open
//   paid checkouts can pay both; both count, since a paid buyer is never refused. A free order is
//   different: nothing was paid, so the transaction that records it checks the mailbox again
//   (checkFreeCodeUse), and a code that leaves nothing to pay is not refused per address before then,
//   since that refusal would tell anyone which addresses had something free.
// - holds/{address_<key> | client_<key>}: for a code with a limit, the one checkout each buyer's
//   mailbox (server/lib/addressKey.ts) and each client address (only its hash, server/lib/
//   clientAddress.ts) holds a use for. A new checkout of the same buyer replaces the earlier hold: the
//   earlier reservation becomes 'replaced' in the transaction that makes the new one, so one client
//   never holds more than one use of a limited code at a time, however many addresses it types. The
//   earlier checkout, if still paid, no longer holds its discount: it is judged as a late payment
//   (checkouts/latePayments.ts), getting the code only if a use is free then.
// All three remember when the code they belong to was created: a code deleted and created again under
// the same name starts afresh instead of inheriting the old one's buyers, reservations and holds.
//
// The code is split by what the caller does: codeReservation.ts (a checkout's reservation and hold, and
// the quote), codeConfirmation.ts (confirmation, the free order's check, release), codeAtPayment.ts (the
// reads at payment time) and codeRecords.ts (the documents above); callers import them from here.
export { codeUseAtPayment, reservationStatus, type UseAtPaymentInput } from './codeAtPayment';
export {
  checkFreeCodeUse,
  confirmCodeUse,
  releaseCodeUse,
  type ConfirmInput,
  type FreeUseInput,
  type ReleaseInput,
} from './codeConfirmation';
export { DiscountCodeRefusedError, type CodeReservation, type ReservationStatus } from './codeRecords';
export { quoteCodeUse, reserveCodeUse, type HeldReservation, type ReserveInput } from './codeReservation';
