import { useState, type FormEvent } from 'react';
import { registrationError, type Registration } from '../../../lib/admin';
import { showError, showSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { emptyRegistration } from './RegistrationFields';

/** What a registration that went through says: the success dialog's title and text. */
export interface RegistrationDone {
  title: string;
  text: string;
}

/**
 * The registration form's state and submit, shared by /adminsignup and the Register Admin panel:
 * the field rules first ('Error' with the first problem, nothing sent), one submit at a time, the
 * fields emptied only once `register` succeeded, and a readable sentence when it failed, with what
 * was typed kept.
 */
export function useRegistrationForm(
  register: (values: Registration) => Promise<RegistrationDone>,
  after?: () => void | Promise<void>,
) {
  const [values, setValues] = useState<Registration>(emptyRegistration);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = registrationError(values);
    if (problem) {
      await showError('Error', problem);
      return;
    }
    setBusy(true);
    try {
      const done = await register(values);
      setValues(emptyRegistration);
      setBusy(false);
      // What follows (sign-up: the login page) happens at once, under the message.
      void showSuccess(done.title, done.text);
      await after?.();
    } catch (error) {
      setBusy(false);
      await showError('Error', isAppError(error) ? error.message : fallbackMessage);
    }
  };

  return { values, setValues, busy, onSubmit };
}
