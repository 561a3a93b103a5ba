// Paging of the newest-first lists (products, sales, contact messages): ordered by createdAt then
// by document id, both descending, and continued after the last document shown. The cursor keeps
// the exact stored time, not the ISO string (which drops microseconds), and the id breaks ties, so
// no document is skipped or shown twice between pages.
import { timestampParts } from './dates';

/** Where the next page starts: the last document's exact createdAt and its id. Serializable. */
export interface PageCursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

/** The cursor after the document `id` stored at `createdAt`; null when createdAt is no time. */
export function cursorAt(createdAt: unknown, id: string): PageCursor | null {
  const parts = timestampParts(createdAt);
  return parts && { ...parts, id };
}

/**
 * One page of a newest-first query's answer and where the next page starts. With `lookahead` the
 * query asked for one more than a page, and that extra document only says a next page exists;
 * without it (the product lists, whose first page the HTML also requests) a full page may have
 * more after it and only a short page is known to be the last. `next` is null on the last page,
 * and when the last item's cursor cannot be read (`hasNext` then still says there is more).
 */
export function newestFirstPage<T>(
  answer: readonly T[],
  pageSize: number,
  cursorOf: (item: T) => PageCursor | null,
  { lookahead = false }: { lookahead?: boolean } = {},
): { items: T[]; hasNext: boolean; next: PageCursor | null } {
  const items = answer.slice(0, pageSize);
  const hasNext = lookahead ? answer.length > pageSize : answer.length === pageSize;
  const last = items.at(-1);
  return { items, hasNext, next: hasNext && last !== undefined ? cursorOf(last) : null };
}
