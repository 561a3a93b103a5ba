// SPEC §2/§9: card titles are upper-cased and cut to 50 characters plus '...'.
export const cardTitleLength = 50;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function cardTitle(title: string): string {
  return truncate(title.toUpperCase(), cardTitleLength);
}
