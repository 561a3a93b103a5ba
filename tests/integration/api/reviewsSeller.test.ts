// The seller's side of reviews and what the product page shows (docs/reviews.md) against the local cloud:
// the demo admin's ID token from the Auth emulator lists every review, replies and hides one with a
// reason (the buyer's words untouched, the rating following); the product's reviews are paged newest
// first; and the product page the API serves carries aggregateRating and review in its JSON-LD only
// when the product has reviews.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer } from '../../support/mailingHarness';
import { uniqueTag } from '../../support/purchaseHarness';
import { getJson, putReview, reviewHarness, type ReviewApi } from '../../support/reviewHarness';

const { db, freshStore, seedProduct, seedSale, startReviewApi } = reviewHarness('demo-store-reviews-seller');

const purchasedAt = new Date('2026-03-10T09:00:00Z');
let api: ReviewApi;
let adminToken = '';
let tag = '';

beforeAll(async () => {
  api = await startReviewApi(new Date('2026-04-02T10:00:00Z'));
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  ({ token: adminToken } = await freshStore());
  api.clock.now = new Date('2026-04-02T10:00:00Z');
  tag = uniqueTag();
  await seedProduct('excel', 'Excel Mastery');
  await seedProduct('plain', 'Plain Guide');
});

/** A buyer's review through their access link, written at `at`. */
async function reviewed(key: string, name: string, stars: number, title: string, at: Date, text = ''): Promise<string> {
  const sale = await seedSale({
    id: `paystack_${key}${tag}`,
    productId: 'excel',
    email: `${key}-${tag}@buyers.test`,
    name,
    at: purchasedAt,
  });
  api.clock.now = at;
  expect((await putReview(api, `/access/${sale.token}`, { rating: stars, title, text })).status).toBe(201);
  return sale.id;
}

const admin = (path: string, body?: unknown) =>
  fetch(`${api.url}/api/admin/reviews${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: bearer(adminToken),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

it('lists every review for the seller, who replies and hides one with a reason; the buyer’s words stay', async () => {
  const kind = await reviewed('kind', 'Ada Obi', 5, 'Loved it', new Date('2026-04-02T10:00:00Z'), 'Very clear.');
  const rude = await reviewed(
    'rude',
    'Bola',
    1,
    'Rubbish',
    new Date('2026-04-03T10:00:00Z'),
    'Call 0803 for a better one',
  );

  const listed = await admin('');
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { reviews: unknown[] }).reviews).toEqual([
    {
      id: rude,
      productId: 'excel',
      productName: 'Excel Mastery',
      rating: 1,
      title: 'Rubbish',
      text: 'Call 0803 for a better one',
      firstName: 'Bola',
      createdAt: '2026-04-03T10:00:00.000Z',
      updatedAt: '2026-04-03T10:00:00.000Z',
      status: 'shown',
      hiddenReason: null,
      removedBecause: null,
      reply: null,
    },
    expect.objectContaining({ id: kind, rating: 5, status: 'shown', firstName: 'Ada' }),
  ]);

  expect(await (await admin(`/${kind}/reply`, { text: 'Thank you, Ada!' })).json()).toEqual({
    reply: 'Thank you, Ada!',
  });
  const hidden = await admin(`/${rude}/hide`, { reason: 'Advertises another seller' });
  expect(await hidden.json()).toEqual({ status: 'hidden', hiddenReason: 'Advertises another seller' });

  expect(await getJson(`${api.url}/api/products/excel/reviews`)).toEqual({
    rating: { average: 5, count: 1 },
    reviews: [
      {
        rating: 5,
        title: 'Loved it',
        text: 'Very clear.',
        firstName: 'Ada',
        month: 'April 2026',
        publishedAt: '2026-04-02T10:00:00.000Z',
        reply: { text: 'Thank you, Ada!' },
      },
    ],
    next: null,
  });
  expect((await db.doc(`reviews/${rude}`).get()).data()).toMatchObject({
    status: 'hidden',
    hidden: { reason: 'Advertises another seller' },
    rating: 1,
    title: 'Rubbish',
    text: 'Call 0803 for a better one',
  });
  expect((await db.doc('productRatings/excel').get()).data()).toMatchObject({ count: 1, sum: 5 });

  expect(await (await admin(`/${rude}/show`, {})).json()).toEqual({ status: 'shown', hiddenReason: null });
  expect((await db.doc('productRatings/excel').get()).data()).toMatchObject({ count: 2, sum: 6 });
});

it('refuses the seller’s routes without an admin token, and a hide without a reason', async () => {
  const id = await reviewed('anon', 'Chi', 4, 'Fine', new Date('2026-04-02T10:00:00Z'));
  expect((await fetch(`${api.url}/api/admin/reviews`)).status).toBe(401);
  const noReason = await admin(`/${id}/hide`, { reason: ' ' });
  expect(noReason.status).toBe(400);
  expect(await noReason.json()).toEqual({ message: 'Give a reason for hiding this review.' });
  expect((await admin(`/paystack_unknown${tag}/hide`, { reason: 'x' })).status).toBe(404);
});

it('pages the shown reviews newest first, five at a time', async () => {
  for (let day = 1; day <= 7; day += 1) {
    await reviewed(`p${day}`, `Buyer${day}`, 4, `Day ${day}`, new Date(Date.UTC(2026, 3, day, 10)));
  }
  const first = await getJson(`${api.url}/api/products/excel/reviews`);
  expect((first.reviews as { title: string }[]).map((review) => review.title)).toEqual([
    'Day 7',
    'Day 6',
    'Day 5',
    'Day 4',
    'Day 3',
  ]);
  expect(first.next).toBe(String(Date.UTC(2026, 3, 3, 10)));
  const second = await getJson(`${api.url}/api/products/excel/reviews?before=${String(first.next)}`);
  expect((second.reviews as { title: string }[]).map((review) => review.title)).toEqual(['Day 2', 'Day 1']);
  expect(second.next).toBeNull();
  expect(second.rating).toEqual({ average: 4, count: 7 });
});

/** The JSON-LD blocks of the product page the API serves. */
async function structuredData(productId: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${api.url}/productdetail/${productId}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1] ?? '{}') as Record<string, unknown>);
}

it('puts aggregateRating and review into the served page’s structured data, only when there are reviews, and the cards’ ratings in one answer', async () => {
  await reviewed(
    's1',
    'Ada Obi',
    5,
    'Loved it',
    new Date('2026-04-02T10:00:00Z'),
    '</script><script>alert(1)</script>',
  );
  await reviewed('s2', 'Bola', 4, '', new Date('2026-04-05T10:00:00Z'));

  const [product] = await structuredData('excel');
  expect(product?.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 4.5,
    reviewCount: 2,
    bestRating: 5,
    worstRating: 1,
  });
  expect(product?.review).toEqual([
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Bola' },
      datePublished: '2026-04-05',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    },
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Ada' },
      datePublished: '2026-04-02',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      name: 'Loved it',
      // Escaped inside the script element, read back as the buyer typed it.
      reviewBody: '</script><script>alert(1)</script>',
    },
  ]);

  // The storefront's cards ask for their stars in one request: only products with reviews answer.
  expect(await getJson(`${api.url}/api/products/ratings?ids=excel,plain,excel`)).toEqual({
    ratings: { excel: { average: 4.5, count: 2 } },
  });
  const tooMany = await fetch(
    `${api.url}/api/products/ratings?ids=${Array.from({ length: 49 }, (_, i) => `p${i}`).join(',')}`,
  );
  expect(tooMany.status).toBe(400);

  const [plain] = await structuredData('plain');
  expect(plain?.name).toBe('Plain Guide');
  expect(plain).not.toHaveProperty('aggregateRating');
  expect(plain).not.toHaveProperty('review');
});
