// The checkout feature's public surface. Only the lazy wrapper: the dialog itself and the payment
// libraries stay in their own chunk, loaded when a shopper presses Buy.
export { LazyPaymentDialog, type CustomerDraft, type PaymentRequest } from './LazyPaymentDialog';
// The purchases page and the payment waiting page are chunks of their own (docs/performance.md,
// 'What the entry leaves out').
export const loadPurchasesPage = () => import('./components/PurchasesPage').then((module) => module.PurchasesPage);
export const loadWaitingPage = () => import('./components/WaitingPage').then((module) => module.WaitingPage);
