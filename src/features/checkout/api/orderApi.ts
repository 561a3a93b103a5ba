// The checkout's calls to the store's own API (docs/payments.md). The price never travels from the browser:
// the API reads it from the database and verifies the payment with the provider before it records
// anything, so these bodies only name the product, the payment and the buyer.
import type { OrderAnswer } from '../../../../domain/apiContracts';
import type { Currency } from '../../../../domain/money';
import { postJson } from '../../../lib/http';

/** The buyer as the payment form collects it (docs/storefront.md, 'Forms and their checks'). */
export interface Customer {
  name: string;
  email: string;
  confirmEmail: string;
  phone: string;
}

export interface OrderRequest {
  provider: 'paystack' | 'demo';
  reference: string;
  productId: string;
  currency: Currency;
  customer: Customer;
}

export function placeOrder(order: OrderRequest): Promise<OrderAnswer> {
  return postJson<OrderAnswer>('/api/orders', order);
}

/** Creates the PayPal order at the product's price; resolves with PayPal's order id. */
export async function createPayPalOrder(productId: string, customer: Customer): Promise<string> {
  const { id } = await postJson<{ id: string }>('/api/paypal/orders', { productId, customer });
  return id;
}

export function capturePayPalOrder(orderId: string, productId: string, customer: Customer): Promise<OrderAnswer> {
  return postJson<OrderAnswer>(`/api/paypal/orders/${encodeURIComponent(orderId)}/capture`, { productId, customer });
}
