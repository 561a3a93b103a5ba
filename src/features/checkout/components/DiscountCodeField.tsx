import { FormField } from '../../../components/FormField';
import { formatPrice } from '../../../../domain/money';
import { messages } from '../checkoutMessages';
import type { Applied } from '../paymentDialogState';
import type { PaymentRequest } from '../paymentRequest';
import { secondaryButtonClass } from './secondaryButtonClass';

/** 'Discount code' with Apply; once applied, what it takes off and a way to remove it. */
export function DiscountCodeField({
  value,
  error,
  applied,
  currency,
  disabled,
  onChange,
  onApply,
  onRemove,
}: {
  value: string;
  error: string | null;
  applied: Applied | null;
  currency: PaymentRequest['currency'];
  disabled: boolean;
  onChange: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  return (
    <div>
      <FormField label="Discount code" error={error}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              name="discountCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              value={value}
              readOnly={disabled || applied !== null}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={(event) => {
                // Enter applies the code rather than starting a payment.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!disabled && applied === null) onApply();
                }
              }}
            />
            {applied === null ? (
              <button type="button" onClick={onApply} disabled={disabled} className={secondaryButtonClass}>
                Apply
              </button>
            ) : (
              <button type="button" onClick={onRemove} disabled={disabled} className={secondaryButtonClass}>
                Remove
              </button>
            )}
          </div>
        )}
      </FormField>
      {applied && (
        <p role="status" className="mt-1 text-sm text-brand-800">
          {messages.codeApplied(applied.code, formatPrice(applied.discount, currency))}
        </p>
      )}
    </div>
  );
}
