import { FormField } from '../../../components/FormField';
import { customerFields, type CustomerField } from '../../../../domain/fieldRules';
import type { Customer } from '../api/orderApi';
import type { FieldErrors } from '../paymentDialogState';
import { fieldOrder } from '../paymentDialogSteps';

const autoComplete: Record<CustomerField, string> = {
  name: 'name',
  email: 'email',
  confirmEmail: 'email',
  phone: 'tel',
};

/** Full Name, Email, Confirm Email and Phone Number, each labelled with its error underneath. */
export function CustomerFields({
  values,
  errors,
  readOnly,
  onChange,
}: {
  values: Customer;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (field: CustomerField, value: string) => void;
}) {
  return fieldOrder.map((field) => {
    const rule = customerFields[field];
    return (
      // Silent errors: the first invalid field takes the focus, which reads its error.
      <FormField key={field} label={rule.label} error={errors[field]} announce={false}>
        {(control) => (
          <input
            {...control}
            name={field}
            type={rule.type === 'tel' ? 'tel' : rule.type === 'email' ? 'email' : 'text'}
            autoComplete={autoComplete[field]}
            required
            maxLength={rule.maxLength}
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            readOnly={readOnly}
          />
        )}
      </FormField>
    );
  });
}
