export type Currency = 'NGN' | 'USD';

const symbols: Record<Currency, string> = { NGN: '₦', USD: '$' };

// SPEC §9: ₦ for NGN, $ for USD, en-US thousands grouping.
export function formatPrice(amount: number, currency: Currency): string {
  const grouped = amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${symbols[currency]}${grouped}`;
}
