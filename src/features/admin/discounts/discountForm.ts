// The Discounts form as typed (every value a string, as inputs give them), its checks and the terms
// it stands for. The checks are the ones firestore.rules enforce, so the admin reads a sentence
// instead of a refused write (docs/admin.md, 'Discounts').
import {
  codeError,
  normalizeCode,
  type DiscountCode,
  type DiscountKind,
  type DiscountTerms,
} from '../../../../domain/discounts';
import { toMinor } from '../../../../domain/money';
import { lagosDateTimeInput, lagosInputToIso } from '../../../../domain/lagosDates';

export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  percent: string;
  amountOffNgn: string;
  amountOffUsd: string;
  appliesTo: 'all' | 'chosen';
  productIds: string[];
  /** datetime-local values, read as Lagos time; '' for none. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerEmail: boolean;
}

export type DiscountFormErrors = Partial<Record<Exclude<keyof DiscountFormValues, 'kind' | 'appliesTo'>, string>>;

/** As firestore.rules cap them. */
export const discountLimits = { maxProducts: 100, maxUses: 1_000_000 } as const;

export const discountMessages = {
  percent: 'Percent off must be a whole number from 1 to 100.',
  noProducts: 'Choose at least one product.',
  tooManyProducts: `Choose at most ${discountLimits.maxProducts} products, or every product.`,
  startInvalid: 'Enter the start as a date and time.',
  endInvalid: 'Enter the end as a date and time.',
  endBeforeStart: 'The end must be after the start.',
  maxUses: 'The uses limit must be a whole number from 1 to 1,000,000, or empty for no limit.',
} as const;

export function emptyDiscountForm(): DiscountFormValues {
  return {
    code: '',
    kind: 'percent',
    percent: '',
    amountOffNgn: '',
    amountOffUsd: '',
    appliesTo: 'all',
    productIds: [],
    startsAt: '',
    endsAt: '',
    maxUses: '',
    oncePerEmail: false,
  };
}

/** A stored code as the edit form shows it. */
export function formValuesOf(code: DiscountCode): DiscountFormValues {
  const fixed = code.kind === 'fixed';
  return {
    code: code.code,
    kind: code.kind,
    percent: fixed ? '' : String(code.percent),
    amountOffNgn: fixed ? String(code.amountOff.NGN) : '',
    amountOffUsd: fixed ? String(code.amountOff.USD) : '',
    appliesTo: code.productIds.length > 0 ? 'chosen' : 'all',
    productIds: [...code.productIds],
    startsAt: lagosDateTimeInput(code.startsAt),
    endsAt: lagosDateTimeInput(code.endsAt),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerEmail: code.oncePerEmail,
  };
}

function amountError(label: string, raw: string): string | null {
  const text = raw.trim();
  if (!text) return `${label} is required.`;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return `${label} must be greater than 0.`;
  // The same tolerance as the rules: 19.99 * 100 is 1998.9999999999998 in binary.
  if (Math.abs(value * 100 - toMinor(value)) >= 0.000001) return `${label} can have at most 2 decimal places.`;
  return null;
}

/** Each field's first problem; an empty object means the form may be saved. */
export function discountFormErrors(values: DiscountFormValues): DiscountFormErrors {
  const errors: DiscountFormErrors = {};
  const set = (field: keyof DiscountFormErrors, error: string | null) => {
    if (error) errors[field] = error;
  };
  set('code', codeError(values.code));
  if (values.kind === 'percent') {
    const percent = Number(values.percent.trim());
    const whole = values.percent.trim() !== '' && Number.isInteger(percent) && percent >= 1 && percent <= 100;
    set('percent', whole ? null : discountMessages.percent);
  } else {
    set('amountOffNgn', amountError('Amount off in NGN', values.amountOffNgn));
    set('amountOffUsd', amountError('Amount off in USD', values.amountOffUsd));
  }
  if (values.appliesTo === 'chosen') {
    if (values.productIds.length === 0) set('productIds', discountMessages.noProducts);
    else if (values.productIds.length > discountLimits.maxProducts) set('productIds', discountMessages.tooManyProducts);
  }
  const startsAt = lagosInputToIso(values.startsAt);
  const endsAt = lagosInputToIso(values.endsAt);
  if (values.startsAt.trim() && !startsAt) set('startsAt', discountMessages.startInvalid);
  if (values.endsAt.trim() && !endsAt) set('endsAt', discountMessages.endInvalid);
  else if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    set('endsAt', discountMessages.endBeforeStart);
  }
  const maxUses = values.maxUses.trim();
  if (maxUses) {
    const value = Number(maxUses);
    const fits = Number.isInteger(value) && value >= 1 && value <= discountLimits.maxUses;
    set('maxUses', fits ? null : discountMessages.maxUses);
  }
  return errors;
}

/** The code name and terms of a form that passed discountFormErrors. */
export function termsOf(values: DiscountFormValues, active: boolean): { code: string; terms: DiscountTerms } {
  const fixed = values.kind === 'fixed';
  return {
    code: normalizeCode(values.code),
    terms: {
      kind: values.kind,
      percent: fixed ? 0 : Number(values.percent.trim()),
      amountOff: fixed
        ? { NGN: Number(values.amountOffNgn.trim()), USD: Number(values.amountOffUsd.trim()) }
        : { NGN: 0, USD: 0 },
      productIds: values.appliesTo === 'chosen' ? [...new Set(values.productIds)] : [],
      startsAt: lagosInputToIso(values.startsAt),
      endsAt: lagosInputToIso(values.endsAt),
      maxUses: values.maxUses.trim() ? Number(values.maxUses.trim()) : null,
      oncePerEmail: values.oncePerEmail,
      active,
    },
  };
}
