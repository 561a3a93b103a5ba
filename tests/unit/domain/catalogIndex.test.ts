import { describe, expect, it } from 'vitest';
import {
  catalogIndexFields,
  catalogShardId,
  catalogShardIds,
  entriesOfShard,
  sortNewestFirst,
} from '../../../domain/catalogIndex';
import { matchProducts } from '../../../src/lib/searchMatch';

const iso = (value: unknown) => (typeof value === 'string' ? value : '1970-01-01T00:00:00.000Z');

describe('catalog index shards', () => {
  it('puts a product in the same shard every time, one of shard-0..shard-9', () => {
    expect(catalogShardIds()).toEqual([
      'shard-0',
      'shard-1',
      'shard-2',
      'shard-3',
      'shard-4',
      'shard-5',
      'shard-6',
      'shard-7',
      'shard-8',
      'shard-9',
    ]);
    // Literal expectations: the layout must not drift between the SPA, the seed and the reindex.
    // FNV-1a of 'a' is 0xe40c292c = 3,826,002,220.
    expect(catalogShardId('a')).toBe('shard-0');
    expect(catalogShardId('a', 3)).toBe('shard-1');
    // FNV-1a of 'demo-excel-mastery' is 0x003a6428, of 'demo-freelance-writing' 0x59010117; asked
    // again, each lands where it did the first time.
    expect(
      ['demo-excel-mastery', 'demo-freelance-writing', 'demo-excel-mastery'].map((id) => catalogShardId(id)),
    ).toEqual(['shard-8', 'shard-9', 'shard-8']);
  });

  it('spreads 5,000 ids evenly: every shard holds 400 to 600', () => {
    const sizes = new Map<string, number>();
    for (let n = 0; n < 5000; n += 1) {
      const shard = catalogShardId(`gen-${String(n).padStart(4, '0')}`);
      sizes.set(shard, (sizes.get(shard) ?? 0) + 1);
    }
    expect(sizes.size).toBe(10);
    for (const size of sizes.values()) {
      expect(size).toBeGreaterThanOrEqual(400);
      expect(size).toBeLessThanOrEqual(600);
    }
  });

  it('builds an entry from exactly the card fields, leaving out description, author and anything else', () => {
    const product = {
      title: 'Excel Mastery',
      description: 'Long text',
      author: 'Team',
      priceInNgn: 12000,
      priceInUsd: 15,
      coverImageUrl: 'https://images.test/x.png',
      categoryId: 2,
      url: 'https://drive.test/secret.zip',
    };
    expect(catalogIndexFields(product)).toEqual({
      title: 'Excel Mastery',
      priceInNgn: 12000,
      priceInUsd: 15,
      coverImageUrl: 'https://images.test/x.png',
      categoryId: 2,
    });
  });

  it("reads an entry's membership or instalments pricing, and none for a single payment or an odd one", () => {
    const entry = (pricing: unknown) => ({
      title: 'Signals Club',
      priceInNgn: 5000,
      priceInUsd: 4,
      coverImageUrl: 'c1',
      categoryId: 2,
      createdAt: '2026-01-02T00:00:00.000Z',
      pricing,
    });
    const data = {
      entries: {
        monthly: entry({ kind: 'membership', interval: 'monthly' }),
        three: entry({ kind: 'instalments', count: 3 }),
        odd: entry({ kind: 'instalments', count: 9 }),
        once: entry(undefined),
      },
    };
    expect(Object.fromEntries(entriesOfShard(data, iso).map((e) => [e.id, e.pricing ?? null]))).toEqual({
      monthly: { kind: 'membership', interval: 'monthly' },
      three: { kind: 'instalments', count: 3 },
      odd: null,
      once: null,
    });
    expect(Object.keys(entriesOfShard(data, iso).find((e) => e.id === 'once') ?? {})).not.toContain('pricing');
  });

  it('reads a shard document into entries, skipping malformed ones', () => {
    const data = {
      entries: {
        p1: {
          title: 'Excel Mastery',
          priceInNgn: 12000,
          priceInUsd: 15,
          coverImageUrl: 'c1',
          categoryId: 2,
          createdAt: '2026-01-02T00:00:00.000Z',
        },
        broken: { priceInNgn: 1 },
        alsoBroken: 'x',
      },
    };
    expect(entriesOfShard(data, iso)).toEqual([
      {
        id: 'p1',
        title: 'Excel Mastery',
        priceInNgn: 12000,
        priceInUsd: 15,
        coverImageUrl: 'c1',
        categoryId: 2,
        createdAt: '2026-01-02T00:00:00.000Z',
      },
    ]);
    expect(entriesOfShard({}, iso)).toEqual([]);
    expect(entriesOfShard(null, iso)).toEqual([]);
  });

  it('orders entries newest first, ties by id, and the search matches titles from them', () => {
    const entry = (id: string, title: string, createdAt: string) => ({
      id,
      title,
      priceInNgn: 1,
      priceInUsd: 1,
      coverImageUrl: '',
      categoryId: 1,
      createdAt,
    });
    const sorted = sortNewestFirst([
      entry('a', 'Excel Basics', '2026-01-01T00:00:00.000Z'),
      entry('b', 'Python for Analysts', '2026-03-01T00:00:00.000Z'),
      entry('c', 'EXCEL Charts', '2026-03-01T00:00:00.000Z'),
      entry('d', 'Baking', '2026-02-01T00:00:00.000Z'),
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(matchProducts(sorted, '  excel ').map((e) => e.id)).toEqual(['c', 'a']);
    expect(matchProducts(sorted, 'for an').map((e) => e.id)).toEqual(['b']);
  });
});
