import { useId, useState, type FormEvent } from 'react';
import { customerFields, fieldError } from '../../../../domain/fieldRules';
import { EmailField } from '../../../components/EmailField';
import { useConfirmLearnDeviceMutation } from '../api/learnApi';

/**
 * A new device's check (docs/courses.md), the same as the download page's: the buyer types the e-mail
 * the purchase was made with; the API remembers this browser and answers with the course.
 */
export function ConfirmDeviceForm({ token, message }: { token: string; message: string }) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmLearnDeviceMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const invalid = fieldError(customerFields.email, email.trim());
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    const result = await confirm({ token, email: email.trim() });
    if ('error' in result && result.error) setError(result.error.message || null);
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Confirm it is you
      </h2>
      <p className="text-slate-700">{message}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
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
          className="min-h-11 w-full rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70 sm:w-auto"
        >
          {isLoading ? 'Checking…' : 'Confirm and open the course'}
        </button>
      </form>
    </section>
  );
}
