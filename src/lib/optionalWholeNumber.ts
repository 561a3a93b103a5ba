// A form's optional count (a download limit, a lesson's day): text as the admin typed it, read strictly.
/** A whole number from 1 to `max`; empty text is null (none); anything else is undefined (refused). */
export function optionalWholeNumber(text: string, max: number): number | null | undefined {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}
