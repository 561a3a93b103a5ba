import { useState } from 'react';
import { dayRange, holdRange, percentRange, type AffiliateSettings } from '../../../../domain/affiliates';

type NumberKey = 'percent' | 'windowDays' | 'holdDays';

const numbers: Array<{ key: NumberKey; label: string; hint: string; range: { min: number; max: number } }> = [
  {
    key: 'percent',
    label: 'Default commission (%)',
    hint: 'Of what the buyer pays after any discount. An affiliate may have their own.',
    range: percentRange,
  },
  {
    key: 'windowDays',
    label: 'Attribution window (days)',
    hint: 'How long after following a link a purchase still counts for the affiliate.',
    range: dayRange,
  },
  {
    key: 'holdDays',
    label: 'Hold period (days)',
    hint: 'How long a commission waits on the ledger before it may be paid, so refunds come first.',
    range: holdRange,
  },
];

/** The affiliate program's part of Store settings (docs/affiliates.md). */
export function AffiliateProgramFields({
  value,
  onChange,
}: {
  value: AffiliateSettings;
  onChange: (value: AffiliateSettings) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200">
      <legend className="px-1 font-medium text-slate-900">Affiliate program</legend>
      <label className="flex items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          checked={value.on}
          onChange={(event) => onChange({ ...value, on: event.target.checked })}
        />
        Affiliates on
      </label>
      <label className="flex items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          checked={value.approvalRequired}
          onChange={(event) => onChange({ ...value, approvalRequired: event.target.checked })}
        />
        Approve each affiliate before they can earn
      </label>
      {numbers.map(({ key, label, hint, range }) => (
        <NumberField
          key={key}
          id={`affiliates-${key}`}
          label={label}
          hint={hint}
          range={range}
          value={value[key]}
          onChange={(next) => onChange({ ...value, [key]: next })}
        />
      ))}
    </fieldset>
  );
}

/** A whole number in its range: typed freely, stored once it is valid, shown as stored on leaving. */
function NumberField({
  id,
  label,
  hint,
  range,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  range: { min: number; max: number };
  value: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = Number(event.target.value);
          if (Number.isInteger(parsed) && parsed >= range.min && parsed <= range.max) onChange(parsed);
        }}
        onBlur={() => setText(String(value))}
        className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-2"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {hint}
      </p>
    </div>
  );
}
