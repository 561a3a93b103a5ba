// The checkout feature's public surface. Only the lazy wrapper: the dialog itself and the payment
// libraries stay in their own chunk, loaded when a shopper presses Buy.
export { LazyPaymentDialog, type CustomerDraft, type PaymentRequest } from './LazyPaymentDialog';
export { PurchasesPage } from './components/PurchasesPage';
export { WaitingPage } from './components/WaitingPage';
