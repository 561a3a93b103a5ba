import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EmailField } from '../../../components/EmailField';
import { FormField } from '../../../components/FormField';
import { customerFields, fieldError } from '../../../../domain/fieldRules';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useRequestSignInCodeMutation, useSignInWithCodeMutation } from '../api/libraryApi';

const emailRule = customerFields.email;
const againClass =
  'rounded-lg px-5 py-3 font-semibold text-brand-800 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';
const buttonClass =
  'w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto';

/**
 * The library's sign-in (docs/library.md): an e-mail address, then the 6-digit code mailed to it. The
 * answer to the first step is the same for every address, so it never says whether one bought here.
 * Once the address's wrong codes of the day are spent only the link is mailed, and no code is asked for.
 */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [linkOnly, setLinkOnly] = useState(false);
  const [requestCode, requesting] = useRequestSignInCodeMutation();
  const [signIn, signingIn] = useSignInWithCodeMutation();
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step === 'code') (codeRef.current ?? againRef.current)?.focus();
  }, [step]);

  const startOver = () => {
    setStep('email');
    setError(null);
    setTimeout(() => emailRef.current?.focus(), 0);
  };

  async function askForCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (requesting.isLoading) return;
    const problem = fieldError(emailRule, email);
    setError(problem);
    if (problem) return;
    try {
      const answer = await requestCode({ email: email.trim() }).unwrap();
      setSent(answer.message);
      setLinkOnly(answer.linkOnly === true);
      setCode('');
      setStep('code');
    } catch (failure) {
      setError(isAppError(failure) ? failure.message : fallbackMessage);
    }
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signingIn.isLoading) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from the e-mail.');
      return;
    }
    try {
      await signIn({ email: email.trim(), code: code.trim() }).unwrap();
    } catch (failure) {
      setError(isAppError(failure) ? failure.message : fallbackMessage);
    }
  }

  if (step === 'code' && linkOnly) {
    return (
      <div className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p role="status" className="text-brand-800">
          {sent}
        </p>
        <button ref={againRef} type="button" className={againClass} onClick={startOver}>
          Use another address
        </button>
      </div>
    );
  }

  if (step === 'code') {
    return (
      <form
        noValidate
        onSubmit={(event) => void sendCode(event)}
        aria-busy={signingIn.isLoading}
        className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <p role="status" className="text-brand-800">
          {sent}
        </p>
        <FormField label="6-digit code from the e-mail" error={error}>
          {(control) => (
            <input
              {...control}
              ref={codeRef}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={signingIn.isLoading} className={buttonClass}>
            {signingIn.isLoading ? 'Signing in...' : 'Sign in'}
          </button>
          <button type="button" className={againClass} onClick={startOver}>
            Use another address or get a new code
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void askForCode(event)}
      aria-busy={requesting.isLoading}
      className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <EmailField
        value={email}
        error={error}
        inputRef={emailRef}
        onChange={(value) => {
          setEmail(value);
          setError(null);
        }}
      />
      <button type="submit" disabled={requesting.isLoading} className={buttonClass}>
        {requesting.isLoading ? 'Sending...' : 'Send me a code'}
      </button>
    </form>
  );
}
