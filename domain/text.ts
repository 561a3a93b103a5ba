// Card titles are upper-cased and cut to 50 characters plus '...' (docs/storefront.md).
export const cardTitleLength = 50;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function cardTitle(title: string): string {
  return truncate(title.toUpperCase(), cardTitleLength);
}

// Search engines show roughly the first 155 characters of a meta description.
export const metaDescriptionLength = 155;

/** The start of a text, on one line, fit for a meta description. */
export function metaDescription(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), metaDescriptionLength);
}
