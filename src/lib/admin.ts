// Plain data for the admin records (docs/architecture.md, 'Data model'): admins/{uid} and
// adminRequests/{uid} have the same fields. Dates are ISO strings so the records can sit in the store.
export interface AdminInfo {
  uid: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
}

export type AdminRequest = AdminInfo;

/** What a person types to become an admin, by sign-up or through the Register Admin panel. */
export interface Registration {
  name: string;
  email: string;
  confirmEmail: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** Every field required, e-mail and password each equal to their confirmation (docs/admin.md). */
export function registrationError(values: Registration): string | null {
  const missing = (Object.keys(values) as Array<keyof Registration>).some((key) => values[key].trim() === '');
  if (missing) return 'Please fill in all fields.';
  if (values.email.trim().toLowerCase() !== values.confirmEmail.trim().toLowerCase()) return 'Emails do not match';
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  return null;
}
