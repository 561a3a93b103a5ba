// The product form, defined once: every field a product has, with how each of the two forms that
// edit a product (Post A Product, and Manage Products' edit dialog) shows it, how what was typed is
// checked and how it is stored. Both forms render from here (ProductFormFields.tsx) and check with
// `productFormErrors`, so a new product field is one entry below (docs/architecture.md, 'Adding a
// field to a product'). The two forms keep their own labels and order on purpose: the post form is
// what the seller fills in for a new product, the edit dialog lists the record as stored.
import type { Product, ProductFields } from '../../../../domain/product';
import type { ProductDraft } from '../api/productAdminQueries';
import { getConfig } from '../../../lib/config';
import {
  categoryError,
  limits,
  linkError,
  optionalLinkError,
  priceError,
  priceRules,
  requiredTextError,
} from './productValidation';

/** What the forms edit: the product's own fields and its private deliverable link. */
export type ProductFormKey = keyof ProductFields | 'url';

/** The product form as typed: every value a string, as inputs give them. */
export type ProductFormValues = Record<ProductFormKey, string>;

export type ProductFormErrors = Partial<Record<ProductFormKey, string>>;

/** The two forms that edit a product. */
export type ProductFormName = 'post' | 'edit';

/** How a field is entered in one form. */
export type FieldInput =
  | {
      kind: 'text';
      type?: 'url';
      maxLength?: number;
      placeholder?: string;
      required?: boolean;
      /** Shown upper-case, as the storefront's cards show titles; stored as typed. */
      upperCase?: boolean;
      /** Preset and not editable in this form. */
      disabled?: boolean;
    }
  | { kind: 'textarea'; rows: number; maxLength: number; required?: boolean }
  | { kind: 'price' }
  | { kind: 'category'; placeholder?: string }
  /**
   * A file the form uploads on submit, whose link becomes the value: the form supplies the picker
   * and checks the file itself, so the typed value is not checked.
   */
  | { kind: 'coverFile' };

/** Where and how a field appears in one form. */
export interface FieldPlacement {
  label: string;
  /** A sentence under the input that describes it (read with it by screen readers). */
  hint?: string;
  /** Fields are shown by increasing position; numbers leave room between fields. */
  position: number;
  input: FieldInput;
}

export interface ProductFormField<K extends ProductFormKey> {
  /**
   * The field's name in its error messages. Both forms use the post form's names, so a problem
   * reads the same whichever form the admin is in.
   */
  name: string;
  /**
   * What is wrong with the text typed, null when it can be saved (the limits firestore.rules
   * enforces); `name` is the field's name above.
   */
  check: (raw: string, name: string) => string | null;
  /** The text as stored. */
  parse: (raw: string) => ProductDraft[K];
  /** The text the post form starts with; empty when not given. */
  initial?: () => string;
  post: FieldPlacement;
  edit: FieldPlacement;
}

const trimmed = (raw: string) => raw.trim();

/**
 * Every field, once. Typed as a record over every key of a product's fields (and the deliverable
 * link), so a field added to `Product` in domain/product.ts does not compile until it has an entry.
 */
export const productForm: { [K in ProductFormKey]: ProductFormField<K> } = {
  title: {
    name: 'Product Title',
    check: (raw, name) => requiredTextError(name, raw, limits.titleMax),
    parse: trimmed,
    post: {
      label: 'Product Title',
      position: 10,
      input: { kind: 'text', maxLength: limits.titleMax, required: true, upperCase: true },
    },
    edit: { label: 'Title', position: 10, input: { kind: 'text', maxLength: limits.titleMax } },
  },
  description: {
    name: 'Description',
    check: (raw, name) => requiredTextError(name, raw, limits.descriptionMax, { multiline: true }),
    parse: trimmed,
    post: {
      label: 'Description',
      position: 20,
      input: { kind: 'textarea', rows: 5, maxLength: limits.descriptionMax, required: true },
    },
    edit: {
      label: 'Description',
      position: 40,
      input: { kind: 'textarea', rows: 4, maxLength: limits.descriptionMax },
    },
  },
  priceInNgn: {
    name: priceRules.NGN.label,
    check: (raw) => priceError('NGN', raw),
    parse: Number,
    post: { label: priceRules.NGN.label, position: 30, input: { kind: 'price' } },
    edit: { label: priceRules.NGN.label, position: 60, input: { kind: 'price' } },
  },
  priceInUsd: {
    name: priceRules.USD.label,
    check: (raw) => priceError('USD', raw),
    parse: Number,
    post: { label: priceRules.USD.label, position: 31, input: { kind: 'price' } },
    edit: { label: priceRules.USD.label, position: 61, input: { kind: 'price' } },
  },
  // The outside link is optional: a product may deliver only the files the seller uploads (docs/files.md).
  url: {
    name: 'Product URL',
    check: (raw, name) => optionalLinkError(name, raw),
    parse: trimmed,
    post: {
      label: 'Product URL',
      hint: 'Optional: a link buyers open, for example a cloud drive. Leave it empty if buyers get only the files you add after posting.',
      position: 40,
      input: { kind: 'text', type: 'url', placeholder: 'https://', maxLength: limits.linkMax },
    },
    edit: {
      label: 'URL',
      hint: 'Optional: leave it empty to deliver only the files below.',
      position: 50,
      input: { kind: 'text', type: 'url', maxLength: limits.linkMax },
    },
  },
  coverImageUrl: {
    name: 'Cover Image URL',
    check: (raw, name) => linkError(name, raw),
    parse: trimmed,
    post: { label: 'Cover Image', position: 50, input: { kind: 'coverFile' } },
    edit: {
      label: 'Cover Image URL',
      position: 30,
      input: { kind: 'text', type: 'url', maxLength: limits.linkMax },
    },
  },
  categoryId: {
    name: 'Category',
    check: categoryError,
    parse: Number,
    post: { label: 'Category', position: 60, input: { kind: 'category', placeholder: 'Select a category' } },
    edit: { label: 'Category', position: 70, input: { kind: 'category' } },
  },
  author: {
    name: 'Author',
    check: (raw, name) => requiredTextError(name, raw, limits.titleMax),
    parse: trimmed,
    // The seller's content team signs every product; an admin corrects it in the edit dialog.
    initial: () => getConfig().store.defaultAuthor,
    post: { label: 'Author', position: 70, input: { kind: 'text', disabled: true } },
    edit: { label: 'Author', position: 20, input: { kind: 'text', maxLength: limits.titleMax } },
  },
};

export const productFormKeys = Object.keys(productForm) as ProductFormKey[];

/** The fields of one form in the order it shows them. */
export function fieldsOf(form: ProductFormName): ProductFormKey[] {
  return [...productFormKeys].sort((a, b) => productForm[a][form].position - productForm[b][form].position);
}

/** The post form's starting values. */
export function emptyProductForm(): ProductFormValues {
  return Object.fromEntries(
    productFormKeys.map((key) => [key, productForm[key].initial?.() ?? '']),
  ) as ProductFormValues;
}

/** What the forms edit of a stored product: its fields and its deliverable link. */
export function storedDraft(product: Product, url: string): ProductDraft {
  return Object.fromEntries(
    productFormKeys.map((key) => [key, key === 'url' ? url : product[key]]),
  ) as unknown as ProductDraft;
}

/** The edit dialog's starting values: the product as stored, with its deliverable link. */
export function productFormValues(stored: ProductDraft): ProductFormValues {
  return Object.fromEntries(productFormKeys.map((key) => [key, String(stored[key])])) as ProductFormValues;
}

/** The fields whose stored value `values` would change. */
export function changedFields(stored: ProductDraft, values: ProductFormValues): Partial<ProductDraft> {
  const draft = productDraft(values);
  return Object.fromEntries(productFormKeys.flatMap((key) => (draft[key] === stored[key] ? [] : [[key, draft[key]]])));
}

/** Field errors of one form; a field the form uploads as a file is checked by the form. */
export function productFormErrors(values: ProductFormValues, form: ProductFormName): ProductFormErrors {
  const errors: ProductFormErrors = {};
  for (const key of productFormKeys) {
    if (productForm[key][form].input.kind === 'coverFile') continue;
    const error = productForm[key].check(values[key], productForm[key].name);
    if (error) errors[key] = error;
  }
  return errors;
}

/** The values to store, from a form without errors. */
export function productDraft(values: ProductFormValues): ProductDraft {
  const draft: Partial<Record<ProductFormKey, unknown>> = {};
  for (const key of productFormKeys) draft[key] = productForm[key].parse(values[key]);
  return draft as ProductDraft;
}
