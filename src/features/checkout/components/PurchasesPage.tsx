import { pageHeads } from '../../../../domain/pageHeads';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../../domain/routes';
import { EmailField } from '../../../components/EmailField';
import { useEarlyFormInput } from '../../../components/useEarlyFormInput';
import { usePageMeta } from '../../../components/usePageMeta';
import { customerFields, fieldError } from '../../../../domain/fieldRules';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { appFormAttribute } from '../../../../domain/pageContracts';
import { useResendPurchasesMutation } from '../api/purchasesApi';

// The answer is the same whether or not the address bought anything, so the page never tells a
// stranger who the store's customers are.
export const resendConfirmation =
  'If that address has made purchases here, an e-mail listing each product with its access link is on its way and should arrive within a minute. If you do not see it, check your spam folder.';

const emailRule = customerFields.email;

/** A buyer who lost the order e-mail gets every purchase's access link again (docs/payments.md). */
export function PurchasesPage() {
  usePageMeta(pageHeads.purchases);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [resend, { isLoading }] = useResendPurchasesMutation();
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyFormInput(formRef, ['email'], (typed) => setEmail((current) => typed.email ?? current));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const problem = fieldError(emailRule, email);
    setError(problem);
    setConfirmation(null);
    if (problem) return;
    try {
      const answer = await resend({ email: email.trim() }).unwrap();
      setConfirmation(answer.message || resendConfirmation);
    } catch (failure) {
      setError(isAppError(failure) ? failure.message : fallbackMessage);
    }
  }

  return (
    <section className="mx-auto max-w-2xl px-4 pb-16 pt-24" aria-labelledby="purchases-heading">
      <h1 id="purchases-heading" className="text-3xl font-bold text-slate-900">
        Your purchases
      </h1>
      <p className="mt-2 text-slate-600">
        Lost the e-mail with your product? Enter the address you used when you paid and we will send you one e-mail with
        the access link to every product you bought with it.
      </p>
      <p className="mt-2 text-slate-600">
        Or see everything you bought in one place:{' '}
        <Link className="font-semibold text-brand-800 underline" to={paths.library}>
          open your library
        </Link>
        .
      </p>
      <form
        ref={formRef}
        noValidate
        {...{ [appFormAttribute]: '' }}
        onSubmit={(event) => void submit(event)}
        aria-busy={isLoading}
        className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <EmailField
          value={email}
          error={error}
          onChange={(value) => {
            setEmail(value);
            setError(null);
          }}
        />
        <button
          type="submit"
          disabled={isLoading}
          className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {isLoading ? 'Sending...' : 'Send my purchases'}
        </button>
        {confirmation && (
          <p role="status" className="text-brand-800">
            {confirmation}
          </p>
        )}
      </form>
    </section>
  );
}
