// What the product and outline forms check before anything is sent. The limits are the ones
// firestore.rules enforces (products: title <= 200, description <= 10,000, prices as priceRules says;
// outlines: text <= 2,000, integer order), so the admin hears about a problem in words instead of
// as a refused write. Covers: JPEG, PNG or WebP up to 5 MB, as the image host accepts (docs/admin.md).

import { findCategory } from '../../../../domain/categories';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../../../../domain/textSafety';

export const limits = {
  titleMax: 200,
  descriptionMax: 10_000,
  outlineMax: 2_000,
  /** A typed link (cover, deliverable): far above any real one, and short enough to show. */
  linkMax: 2_000,
  coverMaxBytes: 5 * 1024 * 1024,
} as const;

export const coverTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const messages = {
  coverMissing: 'Please select a cover image.',
  coverType: 'The cover must be a JPEG, PNG or WebP image.',
  coverSize: 'The cover must be 5 MB or smaller.',
  outlineMissing: 'Please fill in both fields.',
  outlineOrderNaN: 'Outline order must be a number.',
  categoryMissing: 'Please select a category.',
} as const;

export function coverImageError(file: File | null | undefined): string | null {
  if (!file) return messages.coverMissing;
  if (!(coverTypes as readonly string[]).includes(file.type)) return messages.coverType;
  if (file.size > limits.coverMaxBytes) {
    return `${messages.coverSize} This file is ${(file.size / (1024 * 1024)).toFixed(1)} MB.`;
  }
  return null;
}

/**
 * What each price must be to be charged, as firestore.rules' isPrice checks it: naira are paid with
 * Paystack, whose smallest charge is NGN 50.00; dollars with PayPal, which takes any amount above
 * zero with at most two decimals, so USD 0.01. Both count in hundredths (kobo, cents).
 */
export const priceRules = {
  NGN: { label: 'Price in NGN', minimum: 50, shown: '₦50', provider: 'Paystack', cents: 'kobo', example: '7500' },
  USD: { label: 'Price in USD', minimum: 0.01, shown: '$0.01', provider: 'PayPal', cents: 'cents', example: '9.99' },
} as const;

export type PriceCurrency = keyof typeof priceRules;

/** Prices are converted to numbers; the rules refuse what a provider would not charge (docs/departures.md). */
export function priceError(currency: PriceCurrency, raw: string): string | null {
  const rule = priceRules[currency];
  const text = raw.trim();
  if (!text) return `${rule.label} is required.`;
  const value = Number(text);
  if (!Number.isFinite(value)) return `${rule.label} must be a number, for example ${rule.example}.`;
  if (value < rule.minimum) {
    return `${rule.label} must be at least ${rule.shown}, the smallest amount ${rule.provider} charges.`;
  }
  // The same tolerance as the rules: 19.99 * 100 is 1998.9999999999998 in binary.
  if (Math.abs(value * 100 - Math.round(value * 100)) >= 0.000001) {
    return `${rule.label} can have at most 2 decimal places (whole ${rule.cents}).`;
  }
  return null;
}

function isAllowedLink(raw: string): boolean {
  try {
    const url = new URL(raw.trim());
    // The rules take https, and plain http only for the local image host on this machine.
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
    );
  } catch {
    return false;
  }
}

export function linkError(label: string, raw: string): string | null {
  if (!raw.trim()) return `${label} is required.`;
  if (!isAllowedLink(raw)) return `${label} must be a full link starting with https://.`;
  return null;
}

/** A link that may be left empty; when given, it must be a full https:// link. */
export function optionalLinkError(label: string, raw: string): string | null {
  return raw.trim() ? linkError(label, raw) : null;
}

/**
 * A required text of at most `max` characters. The storefront, the search, the e-mails and the
 * sharing tags all show it, so it refuses what the shoppers' forms refuse (domain/textSafety.ts):
 * a direction override or a zero-width character would make a title read as something it is not.
 */
export function requiredTextError(
  label: string,
  raw: string,
  max: number,
  { multiline = false }: { multiline?: boolean } = {},
): string | null {
  const text = raw.trim();
  if (!text) return `${label} is required.`;
  if (hasForbiddenCharacters(text, { multiline })) return forbiddenCharactersMessage(label);
  if (text.length > max) return `${label} must be at most ${max.toLocaleString('en-US')} characters.`;
  return null;
}

/** One of the store's categories (domain/categories.ts), by its id as the select gives it. */
export function categoryError(raw: string): string | null {
  return /^\d+$/.test(raw) && findCategory(raw) ? null : messages.categoryMissing;
}

/** Post Outline: both fields required; the order a number, stored as an integer (docs/admin.md). */
export function parseOutlineForm(
  outline: string,
  order: string,
): { ok: true; value: { outline: string; outlineOrder: number } } | { ok: false; error: string; warning: boolean } {
  if (!outline.trim() || !order.trim()) return { ok: false, error: messages.outlineMissing, warning: false };
  const value = Number(order.trim());
  if (!Number.isFinite(value)) return { ok: false, error: messages.outlineOrderNaN, warning: true };
  if (outline.trim().length > limits.outlineMax) {
    return {
      ok: false,
      error: `The outline must be at most ${limits.outlineMax.toLocaleString('en-US')} characters.`,
      warning: false,
    };
  }
  return { ok: true, value: { outline: outline.trim(), outlineOrder: Math.trunc(value) } };
}
