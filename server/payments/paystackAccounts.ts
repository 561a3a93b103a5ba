// Paystack's bank and subaccount endpoints for the affiliate program (docs/affiliates.md): the list of
// Nigerian banks (GET /bank?country=nigeria), an account number resolved to its holder's name (GET
// /bank/resolve) and a subaccount that receives an affiliate's share of split payments (POST
// /subaccount). Under the local stack in demo mode, local/demoPaystackAccounts.ts answers instead.
import { callProvider, isRecord, ProviderUnavailableError } from './providerErrors';

export interface Bank {
  code: string;
  name: string;
}

export interface NewSubaccount {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  email: string;
  /** The main account's percentage of payments that name no transaction_charge (the store's). */
  percentageCharge: number;
}

export interface PaystackAccounts {
  banks(): Promise<Bank[]>;
  /** The account holder's name, or null when the bank does not know the number. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
  /** The new subaccount's code (ACCT_...). */
  createSubaccount(input: NewSubaccount): Promise<string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function createPaystackAccounts({
  secretKey,
  baseUrl,
  timeoutMs,
}: {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}): PaystackAccounts {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' };
  return {
    async banks() {
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/bank?country=nigeria&perPage=200`,
        { method: 'GET', headers },
        timeoutMs,
      );
      if (status !== 200 || !isRecord(body) || body.status !== true || !Array.isArray(body.data)) {
        throw new ProviderUnavailableError('Paystack', `bank list: HTTP ${status}`);
      }
      return body.data
        .filter(isRecord)
        .filter((bank) => bank.active !== false && text(bank.code) && text(bank.name))
        .map((bank) => ({ code: text(bank.code), name: text(bank.name) }));
    },

    async resolveAccount(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/bank/resolve?${query.toString()}`,
        { method: 'GET', headers },
        timeoutMs,
      );
      if (status === 401 || status === 403) throw new ProviderUnavailableError('Paystack', `resolve: HTTP ${status}`);
      // 400/422 'Could not resolve account name': no such account at that bank.
      if (status !== 200 || !isRecord(body) || body.status !== true || !isRecord(body.data)) return null;
      return text(body.data.account_name) || null;
    },

    async createSubaccount(input) {
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/subaccount`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            business_name: input.businessName,
            settlement_bank: input.bankCode,
            account_number: input.accountNumber,
            percentage_charge: input.percentageCharge,
            primary_contact_email: input.email,
          }),
        },
        timeoutMs,
      );
      const code = isRecord(body) && isRecord(body.data) ? text(body.data.subaccount_code) : '';
      if (status >= 300 || !isRecord(body) || body.status !== true || !code) {
        throw new ProviderUnavailableError('Paystack', `subaccount: HTTP ${status}`);
      }
      return code;
    },
  };
}
