import { useState, type FormEvent } from 'react';
import { affiliateNameRule } from '../../../../domain/affiliates';
import { fieldError } from '../../../../domain/fieldRules';
import { FormField } from '../../../components/FormField';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useApplyMutation, useGetBanksQuery, useResolveAccountMutation, type Application } from '../api/affiliatesApi';

const buttonClass =
  'rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';
const secondaryClass =
  'rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70';

const messageOf = (failure: unknown) => (isAppError(failure) ? failure.message : fallbackMessage);

/** What stops the application being sent, in the form's words (the name first), or null. */
function problemOf(name: string, accountUnchecked: boolean): string | null {
  return (
    fieldError(affiliateNameRule, name) ??
    (accountUnchecked ? 'Please check your account so you can confirm its name.' : null)
  );
}

/** The applicant's own fields as sent, trimmed (the address is the signed-in one, not sent). */
function applicationOf(fields: { name: string; phone: string; promotion: string }) {
  return { name: fields.name.trim(), phone: fields.phone.trim(), promotion: fields.promotion.trim() };
}

/**
 * The application (docs/affiliates.md), made under the signed-in address `email`: who the applicant is,
 * how they will promote, and how they are paid: a Nigerian bank account, checked with Paystack and
 * shown by its holder's name to confirm, or a PayPal address.
 */
export function JoinForm({ email }: { email: string }) {
  const [fields, setFields] = useState({ name: '', phone: '', promotion: '', paypalEmail: '' });
  const [kind, setKind] = useState<'bank' | 'paypal'>('bank');
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const banks = useGetBanksQuery(undefined, { skip: kind !== 'bank' });
  const [resolve, resolving] = useResolveAccountMutation();
  const [apply, applying] = useApplyMutation();

  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  async function checkAccount() {
    setError(null);
    setAccountName(null);
    try {
      setAccountName((await resolve({ bankCode, accountNumber: accountNumber.trim() }).unwrap()).accountName);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = problemOf(fields.name, kind === 'bank' && !accountName);
    setError(problem);
    if (problem) return;
    const payout: Application['payout'] =
      kind === 'bank'
        ? { kind, bankCode, accountNumber: accountNumber.trim() }
        : { kind, paypalEmail: fields.paypalEmail.trim() };
    try {
      setDone((await apply({ ...applicationOf(fields), payout }).unwrap()).message);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  if (done) {
    return (
      <p role="status" className="mt-8 rounded-xl bg-white p-6 text-lg text-brand-800 ring-1 ring-slate-200">
        {done}
      </p>
    );
  }

  const text = (name: keyof typeof fields, label: string, type = 'text', autoComplete?: string) => (
    <TextField label={label} type={type} autoComplete={autoComplete} value={fields[name]} onChange={set(name)} />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-800">
        Applying as <strong>{email}</strong>
      </p>
      {text('name', affiliateNameRule.label, 'text', 'name')}
      {text('phone', 'Phone number', 'tel', 'tel')}
      <FormField label="How will you promote the products?">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={fields.promotion}
            onChange={(event) => set('promotion')(event.target.value)}
          />
        )}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="font-medium text-slate-900">How should we pay you?</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="payout" checked={kind === 'bank'} onChange={() => setKind('bank')} />
          Naira, to my Nigerian bank account
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="payout" checked={kind === 'paypal'} onChange={() => setKind('paypal')} />
          Dollars, to my PayPal account
        </label>
      </fieldset>
      {kind === 'bank' ? (
        <BankAccountFields
          banks={banks.data?.banks}
          banksLoading={banks.isLoading}
          bankCode={bankCode}
          accountNumber={accountNumber}
          accountName={accountName}
          checking={resolving.isLoading}
          onBankCode={(code) => {
            setBankCode(code);
            setAccountName(null);
          }}
          onAccountNumber={(number) => {
            setAccountNumber(number);
            setAccountName(null);
          }}
          onCheck={() => void checkAccount()}
        />
      ) : (
        text('paypalEmail', 'PayPal e-mail address', 'email')
      )}
      <p role="alert" className="text-red-700">
        {error}
      </p>
      <button type="submit" className={buttonClass} disabled={applying.isLoading}>
        {applying.isLoading ? 'Sending...' : kind === 'bank' && accountName ? 'Yes, apply' : 'Apply'}
      </button>
    </form>
  );
}

function TextField({
  label,
  type,
  autoComplete,
  value,
  onChange,
}: {
  label: string;
  type: string;
  autoComplete: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The bank account a Nigerian applicant is paid to, checked with Paystack to show its holder's name. */
function BankAccountFields({
  banks,
  banksLoading,
  bankCode,
  accountNumber,
  accountName,
  checking,
  onBankCode,
  onAccountNumber,
  onCheck,
}: {
  banks: { code: string; name: string }[] | undefined;
  banksLoading: boolean;
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
  checking: boolean;
  onBankCode: (code: string) => void;
  onAccountNumber: (number: string) => void;
  onCheck: () => void;
}) {
  return (
    <div className="space-y-3">
      <FormField label="Bank">
        {(control) => (
          <select {...control} value={bankCode} onChange={(event) => onBankCode(event.target.value)}>
            <option value="">{banksLoading ? 'Loading banks...' : 'Choose your bank'}</option>
            {banks?.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Account number">
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            maxLength={10}
            value={accountNumber}
            onChange={(event) => onAccountNumber(event.target.value)}
          />
        )}
      </FormField>
      <button
        type="button"
        className={secondaryClass}
        disabled={checking || !bankCode || accountNumber.trim().length !== 10}
        onClick={onCheck}
      >
        {checking ? 'Checking...' : 'Check account'}
      </button>
      <p role="status" className="font-medium text-slate-900">
        {accountName ? `Account name: ${accountName}. Is this you?` : ''}
      </p>
    </div>
  );
}
