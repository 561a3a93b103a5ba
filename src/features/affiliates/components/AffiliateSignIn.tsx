import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useRequestAffiliateCodeMutation, useSignInAffiliateMutation } from '../api/affiliatesApi';

const buttonClass = 'rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70';

/**
 * Signing in with a code mailed to the address (the library's sign-in, docs/affiliates.md): to open
 * the affiliate page, and to apply, so nobody applies under an address they cannot read. Once the
 * address's wrong codes of the day are spent only the link is mailed, and no code is asked for.
 */
export function AffiliateSignIn({ intro }: { intro: string }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [linkOnly, setLinkOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestCode, requesting] = useRequestAffiliateCodeMutation();
  const [signIn, signingIn] = useSignInAffiliateMutation();
  const fail = (failure: unknown) => setError(isAppError(failure) ? failure.message : fallbackMessage);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      if (sent === null) {
        const answer = await requestCode({ email: email.trim() }).unwrap();
        setLinkOnly(answer.linkOnly === true);
        setSent(answer.message);
      } else await signIn({ email: email.trim(), code: code.trim() }).unwrap();
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-800">{intro}</p>
      <FormField label="E-mail address">
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            readOnly={sent !== null}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      {sent !== null && linkOnly && (
        <>
          <p role="status">{sent}</p>
          <p className="text-slate-800">Once the link has signed you in, come back to this page.</p>
        </>
      )}
      {sent !== null && !linkOnly && (
        <>
          <p role="status">{sent}</p>
          <FormField label="6-digit code from the e-mail">
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </FormField>
        </>
      )}
      <p role="alert" className="text-red-700">
        {error}
      </p>
      {!(sent !== null && linkOnly) && (
        <button type="submit" className={buttonClass} disabled={requesting.isLoading || signingIn.isLoading}>
          {sent === null ? 'Send me a code' : 'Sign in'}
        </button>
      )}
    </form>
  );
}
