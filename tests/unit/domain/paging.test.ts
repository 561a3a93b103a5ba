import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { cursorAt, newestFirstPage, type PageCursor } from '../../../domain/paging';

const cursor = (id: string): PageCursor => ({ seconds: 100, nanoseconds: 0, id });
const items = (...ids: string[]) => ids.map((id) => ({ id }));

describe('newestFirstPage', () => {
  it('with lookahead, takes the extra item as proof of a next page and leaves it out', () => {
    expect(newestFirstPage(items('c', 'b', 'a'), 2, (item) => cursor(item.id), { lookahead: true })).toEqual({
      items: items('c', 'b'),
      hasNext: true,
      next: { seconds: 100, nanoseconds: 0, id: 'b' },
    });
    expect(newestFirstPage(items('c', 'b'), 2, (item) => cursor(item.id), { lookahead: true })).toEqual({
      items: items('c', 'b'),
      hasNext: false,
      next: null,
    });
  });

  it('without lookahead, continues after a full page and ends at a short one', () => {
    expect(newestFirstPage(items('c', 'b'), 2, (item) => cursor(item.id))).toEqual({
      items: items('c', 'b'),
      hasNext: true,
      next: { seconds: 100, nanoseconds: 0, id: 'b' },
    });
    expect(newestFirstPage(items('c'), 2, (item) => cursor(item.id))).toEqual({
      items: items('c'),
      hasNext: false,
      next: null,
    });
  });

  it('says there is more but has no cursor when the last item’s time cannot be read', () => {
    expect(newestFirstPage(items('c', 'b'), 2, (item) => cursorAt('yesterday', item.id))).toEqual({
      items: items('c', 'b'),
      hasNext: true,
      next: null,
    });
  });
});

describe('cursorAt', () => {
  it('is the exact stored time and the id', () => {
    expect(cursorAt(new AdminTimestamp(1772357400, 123456000), 'p1')).toEqual({
      seconds: 1772357400,
      nanoseconds: 123456000,
      id: 'p1',
    });
    expect(cursorAt('2026-03-01T09:30:00.5Z', 'p2')).toEqual({ seconds: 1772357400, nanoseconds: 500000000, id: 'p2' });
    expect(cursorAt(undefined, 'p3')).toBeNull();
  });
});
