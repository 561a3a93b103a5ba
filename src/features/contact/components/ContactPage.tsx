import { pageHeads } from '../../../../domain/pageHeads';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormField, type FieldControl } from '../../../components/FormField';
import { useEarlyFormInput } from '../../../components/useEarlyFormInput';
import { usePageMeta } from '../../../components/usePageMeta';
import { getConfig } from '../../../lib/config';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { contactFields, validateFields, type ContactField } from '../../../../domain/fieldRules';
import { appFormAttribute } from '../../../../domain/pageContracts';
import { useSendContactMessageMutation, type ContactMessage } from '../api/contactApi';

type Field = ContactField;
type FieldErrors = Partial<Record<Field, string>>;

const emptyMessage: ContactMessage = { name: '', email: '', phone: '', message: '' };
const fieldNames = Object.keys(emptyMessage) as Field[];

export function ContactPage() {
  const { contactEmail, contactPhone } = getConfig().store;
  usePageMeta(pageHeads.contact);
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One inline message per send, never a dialog as well: it is read out where the visitor is, and
  // needs no dialog library fetched on a slow connection (docs/storefront.md, 'Messages').
  const [sent, setSent] = useState(false);
  const [sendContactMessage, { isLoading: isSending }] = useSendContactMessageMutation();
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyFormInput(formRef, fieldNames, (typed) => setValues((current) => ({ ...current, ...typed })));

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSent(false);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    // All four fields required; the rules and sentences are the API's own (lib/fieldRules,
    // docs/storefront.md).
    const problems = validateFields(contactFields, values);
    setFieldErrors(problems);
    setFormError(null);
    setSent(false);
    if (Object.keys(problems).length > 0) return;
    try {
      await sendContactMessage(values).unwrap();
      setValues(emptyMessage);
      setSent(true);
    } catch (error) {
      // Nothing typed is cleared on failure, so the visitor can simply try again.
      setFormError(isAppError(error) ? error.message : fallbackMessage);
    }
  }

  const fieldProps = (field: Field, control: FieldControl) => ({
    ...control,
    name: field,
    value: values[field],
    onChange: update(field),
    required: true,
    maxLength: contactFields[field].maxLength,
  });

  return (
    <section className="mx-auto max-w-2xl px-4 pb-16 pt-24" aria-labelledby="contact-heading">
      <h1 id="contact-heading" className="text-3xl font-bold text-slate-900">
        Contact us
      </h1>
      <p className="mt-2 text-slate-600">
        A question about a product or your order? Send us a message and we will reply by e-mail.
      </p>

      <form
        ref={formRef}
        {...{ [appFormAttribute]: '' }}
        onSubmit={(event) => void submit(event)}
        aria-busy={isSending}
        className="mt-8 space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <FormField label={contactFields.name.label} error={fieldErrors.name} announce={false}>
          {(control) => <input type="text" autoComplete="name" {...fieldProps('name', control)} />}
        </FormField>
        <FormField label={contactFields.email.label} error={fieldErrors.email} announce={false}>
          {(control) => <input type="email" autoComplete="email" {...fieldProps('email', control)} />}
        </FormField>
        <FormField label={contactFields.phone.label} error={fieldErrors.phone} announce={false}>
          {(control) => <input type="tel" autoComplete="tel" {...fieldProps('phone', control)} />}
        </FormField>
        <FormField label={contactFields.message.label} error={fieldErrors.message} announce={false}>
          {(control) => <textarea rows={6} {...fieldProps('message', control)} />}
        </FormField>

        <button
          type="submit"
          disabled={isSending}
          className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {isSending ? 'Sending...' : 'Send Message'}
        </button>
        <p role="status" className="text-brand-800 empty:hidden">
          {sent ? 'Your message has been sent. We will get back to you shortly.' : ''}
        </p>
        {formError && (
          <p role="alert" className="text-red-700">
            {formError}
          </p>
        )}
      </form>

      <address className="mt-8 space-y-1 not-italic text-slate-700">
        <p>
          Phone:{' '}
          <a
            className="font-medium text-brand-700 underline hover:text-brand-800"
            href={`tel:${contactPhone.replace(/\s+/g, '')}`}
          >
            {contactPhone}
          </a>
        </p>
        <p>
          Email:{' '}
          <a className="font-medium text-brand-700 underline hover:text-brand-800" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
        </p>
      </address>
    </section>
  );
}
