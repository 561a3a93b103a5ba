import type { Registration } from '../../../lib/admin';
import { TextField } from './AdminForm';

export const emptyRegistration: Registration = {
  name: '',
  email: '',
  confirmEmail: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

const fields: Array<{ key: keyof Registration; label: string; type: string; autoComplete: string; maxLength: number }> =
  [
    { key: 'name', label: 'Full Name', type: 'text', autoComplete: 'name', maxLength: 100 },
    { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: 254 },
    { key: 'confirmEmail', label: 'Confirm Email', type: 'email', autoComplete: 'email', maxLength: 254 },
    { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', maxLength: 30 },
    { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', maxLength: 128 },
    {
      key: 'confirmPassword',
      label: 'Confirm Password',
      type: 'password',
      autoComplete: 'new-password',
      maxLength: 128,
    },
  ];

/** The six registration fields, shared by /adminsignup and the Register Admin panel (docs/admin.md). */
export function RegistrationFields({
  values,
  onChange,
}: {
  values: Registration;
  onChange: (values: Registration) => void;
}) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          type={field.type}
          name={field.key}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          required
          value={values[field.key]}
          onValueChange={(value) => onChange({ ...values, [field.key]: value })}
        />
      ))}
    </>
  );
}
