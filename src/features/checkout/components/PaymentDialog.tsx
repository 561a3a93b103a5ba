import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { closeAlert, showError, showLoading, showMessage, showSuccess } from '../../../lib/alerts';
import { getConfig } from '../../../lib/config';
import {
  customerFields,
  emailsMatch,
  fieldError,
  validateFields,
  type CustomerField,
} from '../../../../domain/fieldRules';
import { formatPrice } from '../../../../domain/money';
import type { CheckoutAnswer, OrderAnswer } from '../../../../domain/apiContracts';
import { discountRefusals, normalizeCode } from '../../../../domain/discounts';
import { HttpError } from '../../../lib/http';
import { createCheckout, PaymentReceivedError, placeOrder, quotePrice, type Customer } from '../api/orderApi';
import { messages, orderFailure } from '../checkoutMessages';
import type { Applied } from '../paymentDialogState';
import { paymentMethod, type Payments } from '../paymentMethod';
import type { PaymentRequest } from '../paymentRequest';
import { toMinorUnits } from '../paymentDetails';
import { payButtonClass } from '../providers/payButtonClass';
import type { PaidProvider, PayButtonProps } from '../providers/payButtonProps';
import { DiscountCodeField } from './DiscountCodeField';
import { PayArea, RetryRecording } from './PayArea';
import { PaymentReceived, PurchaseComplete } from './PaymentResult';
import { PriceSummary } from './PriceSummary';
import { secondaryButtonClass } from './secondaryButtonClass';

export { paymentMethod };

type Stage =
  | { kind: 'form' }
  | { kind: 'retry'; record: () => Promise<OrderAnswer>; provider: PaidProvider }
  | { kind: 'done'; result: OrderAnswer }
  // Paid, but the order could not be completed automatically: the seller will contact the buyer.
  | { kind: 'received'; message: string };

/** What the dialog says above the buttons after a checkout: a new price to confirm, or no product. */
type Notice = { kind: 'price' | 'gone'; text: string } | null;

const emptyCustomer: Customer = { name: '', email: '', confirmEmail: '', phone: '' };
const fieldOrder: CustomerField[] = ['name', 'email', 'confirmEmail', 'phone'];
const autoComplete: Record<CustomerField, string> = {
  name: 'name',
  email: 'email',
  confirmEmail: 'email',
  phone: 'tel',
};

/** The API's refusals of a code ('This code has expired.'), shown under the code field, not as an alert. */
const codeRefusals: ReadonlySet<string> = new Set(Object.values(discountRefusals));

/** The payment dialog, 'Complete Payment' (docs/storefront.md, docs/payments.md). */
export function PaymentDialog({
  request,
  onClose,
  payments = getConfig().payments,
}: {
  request: PaymentRequest;
  onClose: () => void;
  payments?: Payments;
}) {
  const method = paymentMethod(request.currency, payments);
  const [values, setValues] = useState<Customer>(emptyCustomer);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  // The amount the dialog shows: the page's price until a checkout says otherwise.
  const [shownAmount, setShownAmount] = useState(request.amount);
  const shownAmountRef = useRef(request.amount);
  const [notice, setNotice] = useState<Notice>(null);
  const [codeInput, setCodeInput] = useState(request.code ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const appliedRef = useRef<Applied | null>(null);
  const [applying, setApplying] = useState(false);
  // The reminder's checkout, resumed by the first Pay only. Later presses get a new checkout (and
  // reference): a provider may refuse a reference whose payment was already started.
  const resumeCheckoutId = useRef(request.checkoutId);
  const preparing = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Provider callbacks may run from an older render; they read the form through this.
  const latestValues = useRef(values);

  const update = (field: CustomerField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...latestValues.current, [field]: event.target.value };
    latestValues.current = next;
    setValues(next);
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const readCustomer = (): Customer | null => {
    const current = latestValues.current;
    const errors = validateFields(customerFields, current);
    setFieldErrors(errors);
    const firstInvalid = fieldOrder.find((field) => errors[field]);
    if (firstInvalid) {
      const input = formRef.current?.elements.namedItem(firstInvalid);
      if (input instanceof HTMLInputElement) input.focus();
      return null;
    }
    // Checked before any payment starts (docs/storefront.md, 'Forms and their checks').
    if (!emailsMatch(current.email, current.confirmEmail)) {
      void showError(messages.emailsDoNotMatch);
      return null;
    }
    return {
      name: current.name.trim(),
      email: current.email.trim(),
      confirmEmail: current.confirmEmail.trim(),
      phone: current.phone.trim(),
    };
  };

  const showAmount = (amount: number) => {
    shownAmountRef.current = amount;
    setShownAmount(amount);
  };

  const setAppliedCode = (next: Applied | null) => {
    appliedRef.current = next;
    setApplied(next);
    showAmount(next ? next.amount : request.amount);
  };

  /** Apply pressed (or the link's `?code=` as the dialog opens): the price with the code, or why not. */
  const applyCode = async (raw: string) => {
    const code = normalizeCode(raw);
    if (!code) {
      setCodeError(messages.codeRequired);
      return;
    }
    setApplying(true);
    setCodeError(null);
    setNotice(null);
    try {
      const email = latestValues.current.email.trim();
      const quote = await quotePrice({
        productId: request.productId,
        currency: request.currency,
        code,
        // Typed and well formed: a once-per-e-mail code is then checked against it already.
        ...(email && fieldError(customerFields.email, email) === null ? { email } : {}),
      });
      setAppliedCode(quote);
    } catch (error) {
      setAppliedCode(null);
      setCodeError(
        error instanceof HttpError && error.status < 500 && error.serverMessage
          ? error.serverMessage
          : messages.codeCheckFailed,
      );
    } finally {
      setApplying(false);
    }
  };

  const removeCode = () => {
    setAppliedCode(null);
    setCodeInput('');
    setCodeError(null);
    setNotice(null);
  };

  // A product link with `?code=` opens the dialog with the code applied.
  const linkCode = useRef(request.code);
  useEffect(() => {
    if (linkCode.current) void applyCode(linkCode.current);
    // Once, as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fulfil = async (record: () => Promise<OrderAnswer>, provider: PaidProvider) => {
    setBusy(true);
    // Blocking: a click outside must not hide that the payment is being recorded (docs/storefront.md).
    void showLoading(messages.processing);
    try {
      const result = await record();
      await closeAlert();
      setStage({ kind: 'done', result });
      void (result.emailSent ? showSuccess(messages.purchaseSuccessful) : showMessage('warning', messages.emailFailed));
    } catch (error) {
      await closeAlert();
      if (error instanceof PaymentReceivedError) {
        setStage({ kind: 'received', message: error.message });
        void showMessage('info', messages.paymentReceived, error.message);
        return;
      }
      const failure = orderFailure(error, provider);
      // Nothing typed is lost: the form stays as it was (docs/storefront.md).
      setStage(failure.retry ? { kind: 'retry', record, provider } : { kind: 'form' });
      void showError(failure.title, failure.text);
    } finally {
      setBusy(false);
    }
  };

  const prepareCheckout = async (customer: Customer): Promise<CheckoutAnswer | null> => {
    if (preparing.current) return null;
    preparing.current = true;
    const code = appliedRef.current?.code;
    try {
      const checkout = await createCheckout({
        productId: request.productId,
        currency: request.currency,
        customer,
        ...(method === 'demo' ? { provider: 'demo' as const } : {}),
        ...(code ? { code } : {}),
        ...(resumeCheckoutId.current ? { checkoutId: resumeCheckoutId.current } : {}),
      });
      resumeCheckoutId.current = undefined;
      // The page may be stale (cached, or open since before the seller changed the price): the
      // buyer sees the server's price and confirms it by pressing Pay again before paying it.
      if (toMinorUnits(checkout.amount) !== toMinorUnits(shownAmountRef.current)) {
        showAmount(checkout.amount);
        if (appliedRef.current) {
          appliedRef.current = {
            ...appliedRef.current,
            listPrice: checkout.listPrice,
            discount: checkout.discount,
            amount: checkout.amount,
          };
          setApplied(appliedRef.current);
        }
        setNotice({ kind: 'price', text: messages.priceChanged(formatPrice(checkout.amount, checkout.currency)) });
        return null;
      }
      setNotice(null);
      return checkout;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        setNotice({ kind: 'gone', text: error.serverMessage ?? messages.productGone });
      } else if (error instanceof HttpError && error.serverMessage && codeRefusals.has(error.serverMessage)) {
        // The code stopped working since Apply (used up meanwhile, expired): said at the code field,
        // and the full price shown again.
        setAppliedCode(null);
        setCodeError(error.serverMessage);
      } else if (error instanceof HttpError && error.status < 500 && error.serverMessage) {
        // The API's refusal is a sentence for the buyer ('Emails do not match!', too many attempts).
        void showError(error.serverMessage);
      } else {
        const reason = error instanceof HttpError ? error.serverMessage : messages.connection;
        void showError(messages.paymentFailed(reason ?? messages.unknownError));
      }
      return null;
    } finally {
      preparing.current = false;
    }
  };

  const payDemo = async () => {
    if (busy) return;
    const customer = readCustomer();
    if (!customer) return;
    const checkout = await prepareCheckout(customer);
    if (!checkout) return;
    void fulfil(
      () =>
        placeOrder({
          provider: 'demo',
          reference: checkout.reference,
          productId: request.productId,
          currency: request.currency,
          customer,
        }),
      'demo',
    );
  };

  const getFree = async () => {
    if (busy) return;
    const customer = readCustomer();
    if (!customer) return;
    const checkout = await prepareCheckout(customer);
    if (!checkout) return;
    if (checkout.provider !== 'free') {
      // Should not happen (the amount matched): the buyer is shown the price to pay instead.
      showAmount(checkout.amount);
      return;
    }
    void fulfil(
      () =>
        placeOrder({
          provider: 'free',
          reference: checkout.reference,
          productId: request.productId,
          currency: request.currency,
          customer,
        }),
      'free',
    );
  };

  const close = () => {
    if (!busy) onClose();
  };

  const payProps: PayButtonProps = {
    request: { ...request, amount: shownAmount },
    readCustomer,
    prepareCheckout,
    // Not while a code is being applied: the checkout would be made without it, at the old price.
    busy: busy || applying,
    fulfil,
  };

  return (
    <Modal title="Complete Payment" onClose={close}>
      <PriceSummary
        productName={request.productName}
        currency={request.currency}
        amount={shownAmount}
        applied={applied}
      />

      {stage.kind === 'done' ? (
        <PurchaseComplete result={stage.result} onClose={onClose} />
      ) : stage.kind === 'received' ? (
        <PaymentReceived message={stage.message} onClose={onClose} />
      ) : (
        <form
          ref={formRef}
          noValidate
          aria-busy={busy}
          onSubmit={(event: FormEvent<HTMLFormElement>) => event.preventDefault()}
          className="mt-5 space-y-4"
        >
          {fieldOrder.map((field) => {
            const rule = customerFields[field];
            return (
              // Silent errors: the first invalid field takes the focus, which reads its error.
              <FormField key={field} label={rule.label} error={fieldErrors[field]} announce={false}>
                {(control) => (
                  <input
                    {...control}
                    name={field}
                    type={rule.type === 'tel' ? 'tel' : rule.type === 'email' ? 'email' : 'text'}
                    autoComplete={autoComplete[field]}
                    required
                    maxLength={rule.maxLength}
                    value={values[field]}
                    onChange={update(field)}
                    readOnly={busy || stage.kind === 'retry'}
                  />
                )}
              </FormField>
            );
          })}

          <DiscountCodeField
            value={codeInput}
            error={codeError}
            applied={applied}
            currency={request.currency}
            disabled={busy || applying || stage.kind === 'retry'}
            onChange={(value) => {
              setCodeInput(value);
              setCodeError(null);
            }}
            onApply={() => void applyCode(codeInput)}
            onRemove={removeCode}
          />

          {notice && (
            <div role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
              <p className="font-medium">{notice.text}</p>
              {notice.kind === 'price' && <p className="mt-1 text-sm">{messages.confirmNewPrice}</p>}
            </div>
          )}

          <div className="pt-2">
            {stage.kind === 'retry' ? (
              <RetryRecording busy={busy} onRetry={() => void fulfil(stage.record, stage.provider)} />
            ) : notice?.kind === 'gone' ? null : applied && toMinorUnits(shownAmount) === 0 ? (
              <button
                type="submit"
                onClick={() => void getFree()}
                disabled={busy || applying}
                className={payButtonClass}
              >
                {messages.getItFree}
              </button>
            ) : (
              <PayArea method={method} payments={payments} payProps={payProps} onDemo={() => void payDemo()} />
            )}
          </div>

          <div className="flex justify-end">
            <button type="button" onClick={close} disabled={busy} className={secondaryButtonClass}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
