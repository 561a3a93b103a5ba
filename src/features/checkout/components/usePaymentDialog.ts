import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { CheckoutAnswer } from '../../../../domain/apiContracts';
import type { CustomerField } from '../../../../domain/fieldRules';
import type { Customer } from '../api/orderApi';
import { dialogReducer, initialDialogState, type DialogState, type RecordOrder } from '../paymentDialogState';
import {
  applyCode,
  fulfil,
  payByDemoTransfer,
  payWithoutProvider,
  prepareCheckout,
  readCustomer,
  transferPending,
  type DialogContext,
} from '../paymentDialogSteps';
import type { PaymentMethod } from '../paymentMethod';
import type { PaymentRequest } from '../paymentRequest';
import type { CheckoutProvider } from '../../../../domain/apiContracts';

/** The dialog's state and its steps, each bound to the dialog. */
export function usePaymentDialog(request: PaymentRequest, method: PaymentMethod) {
  const [state, dispatch] = useReducer(dialogReducer, request, initialDialogState);
  // The one copy of the state that callbacks read: a provider may call one made by an older render
  // (react-paystack's and PayPal's callbacks keep their first closures). A layout effect, so it is
  // updated as each render is committed.
  const latest = useRef<DialogState>(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const formRef = useRef<HTMLFormElement>(null);

  const context: DialogContext = {
    request,
    method,
    dispatch,
    getState: () => latest.current,
    focusField: (field: CustomerField) => {
      const input = formRef.current?.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.focus();
    },
  };

  // A product link with `?code=` opens the dialog with the code applied.
  const linkCode = useRef(request.code);
  useEffect(() => {
    if (linkCode.current) void applyCode(context, linkCode.current);
    // Once, as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const steps: DialogSteps = {
    readCustomer: () => readCustomer(context),
    applyCode: (raw) => applyCode(context, raw),
    prepareCheckout: (customer, renewBy) => prepareCheckout(context, customer, renewBy),
    fulfil: (record, provider) => fulfil(context, record, provider),
    payWithoutProvider: (provider) => payWithoutProvider(context, provider),
    transferPending: (checkout, customer) => transferPending(context, checkout, customer),
    payByDemoTransfer: () => payByDemoTransfer(context),
  };
  return { state, dispatch, formRef, steps };
}

/** The dialog's steps (paymentDialogSteps.ts), bound to it. */
export interface DialogSteps {
  readCustomer: () => Customer | null;
  applyCode: (raw: string) => Promise<void>;
  prepareCheckout: (customer: Customer, renewBy?: 'card' | 'transfer') => Promise<CheckoutAnswer | null>;
  fulfil: (record: RecordOrder, provider: CheckoutProvider) => Promise<void>;
  payWithoutProvider: (provider: 'demo' | 'free') => Promise<void>;
  transferPending: (checkout: Pick<CheckoutAnswer, 'checkoutId' | 'reference'>, customer: Customer) => Promise<void>;
  payByDemoTransfer: () => Promise<void>;
}
