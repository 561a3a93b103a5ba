// Reviews by verified buyers (docs/reviews.md) against the local cloud: the buyer signs in to the library
// with the code from the mail catcher, or opens their access link, and reviews that purchase only; one
// review per purchase however many requests arrive at once, edited by a second write, within a year of
// purchase (the API's clock moved by the test), and taken off the page and the average by a refund.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { signIn } from '../../support/libraryHarness';
import { bearer } from '../../support/mailingHarness';
import { signPaystack, uniqueTag } from '../../support/purchaseHarness';
import { getJson, putReview, reviewHarness, type ReviewApi } from '../../support/reviewHarness';

const { db, freshStore, seedProduct, seedSale, startReviewApi } = reviewHarness('demo-store-reviews');

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
});

const rating = async (productId: string) => (await db.doc(`productRatings/${productId}`).get()).data() ?? null;
const review = async (saleId: string) => (await db.doc(`reviews/${saleId}`).get()).data() ?? null;

it('lets the buyer review their purchase from the library, then edit it; the product answer shows it', async () => {
  const buyer = `ada-${tag}@buyers.test`;
  const { id } = await seedSale({
    id: `paystack_a${tag}`,
    productId: 'excel',
    email: buyer,
    name: 'Ada Obi',
    at: purchasedAt,
  });
  const cookie = await signIn(api.url, buyer);

  expect(await getJson(`${api.url}/api/reviews/sales/${id}`, { cookie })).toEqual({
    productId: 'excel',
    productName: 'Excel Mastery',
    review: null,
  });
  const first = await putReview(
    api,
    `/sales/${id}`,
    { rating: 4, title: 'Clear', text: 'Good <b>book</b> https://x.test' },
    cookie,
  );
  expect(first).toEqual({
    status: 201,
    json: {
      productId: 'excel',
      productName: 'Excel Mastery',
      review: { rating: 4, title: 'Clear', text: 'Good <b>book</b> https://x.test', status: 'shown' },
      message: 'Thank you! Your review is saved.',
    },
  });
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 4 });

  api.clock.now = new Date('2026-04-03T10:00:00Z');
  const edited = await putReview(api, `/sales/${id}`, { rating: 2, title: 'Too short', text: '' }, cookie);
  expect(edited.status).toBe(200);
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 2 });

  // The text is kept as typed and answered as text: the page shows the tag and the address as characters.
  expect(await getJson(`${api.url}/api/products/excel/reviews`)).toEqual({
    rating: { average: 2, count: 1 },
    reviews: [
      {
        rating: 2,
        title: 'Too short',
        text: '',
        firstName: 'Ada',
        month: 'April 2026',
        publishedAt: '2026-04-02T10:00:00.000Z',
        reply: null,
      },
    ],
    next: null,
  });
  expect(await review(id)).toMatchObject({ productId: 'excel', firstName: 'Ada', status: 'shown', rating: 2 });
});

it('lets the buyer review through their access link, the same review as from the library', async () => {
  const buyer = `bo-${tag}@buyers.test`;
  const { id, token } = await seedSale({
    id: `paystack_b${tag}`,
    productId: 'excel',
    email: buyer,
    name: 'Bo',
    at: purchasedAt,
  });
  expect((await putReview(api, `/access/${token}`, { rating: 5 })).status).toBe(201);
  const cookie = await signIn(api.url, buyer);
  expect(await getJson(`${api.url}/api/reviews/sales/${id}`, { cookie })).toMatchObject({
    review: { rating: 5, title: '', text: '', status: 'shown' },
  });
  expect((await putReview(api, `/sales/${id}`, { rating: 3 }, cookie)).status).toBe(200);
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 3 });
});

it("refuses another buyer's sale, a visitor without a session and a made-up link, in words", async () => {
  const owner = `own-${tag}@buyers.test`;
  const stranger = `str-${tag}@buyers.test`;
  const { id } = await seedSale({
    id: `paystack_c${tag}`,
    productId: 'excel',
    email: owner,
    name: 'Chi',
    at: purchasedAt,
  });
  const cookie = await signIn(api.url, stranger);

  expect(await putReview(api, `/sales/${id}`, { rating: 1, text: 'Fake' }, cookie)).toEqual({
    status: 404,
    json: { message: 'This purchase could not be found.' },
  });
  expect(await putReview(api, `/sales/${id}`, { rating: 1 })).toEqual({
    status: 401,
    json: { message: 'Please sign in to your library, or open your access link, to review this purchase.' },
  });
  expect((await putReview(api, `/access/${'A'.repeat(43)}`, { rating: 1 })).status).toBe(404);
  expect((await fetch(`${api.url}/api/reviews/sales/${id}`, { headers: { cookie } })).status).toBe(404);
  expect(await review(id)).toBeNull();
  expect(await rating('excel')).toBeNull();
});

it('refuses a rating outside 1-5 and a title or text over its word limit, in words', async () => {
  const buyer = `lim-${tag}@buyers.test`;
  const { token } = await seedSale({
    id: `paystack_d${tag}`,
    productId: 'excel',
    email: buyer,
    name: 'Dee',
    at: purchasedAt,
  });
  expect(await putReview(api, `/access/${token}`, { rating: 6 })).toEqual({
    status: 400,
    json: { message: 'Choose from 1 to 5 stars.' },
  });
  expect((await putReview(api, `/access/${token}`, { rating: 4, title: 'word '.repeat(16) })).json).toEqual({
    message: 'The title may be at most 15 words.',
  });
  expect((await putReview(api, `/access/${token}`, { rating: 4, text: 'word '.repeat(401) })).json).toEqual({
    message: 'The review may be at most 400 words.',
  });
  expect((await putReview(api, `/access/${token}`, { rating: 4, title: 'Hi\u202Ethere' })).json).toEqual({
    message: 'The title contains invisible or control characters that are not allowed. Please retype it.',
  });
});

it('keeps one review per purchase when many first writes arrive at once', async () => {
  const buyer = `many-${tag}@buyers.test`;
  const { id, token } = await seedSale({
    id: `paystack_e${tag}`,
    productId: 'excel',
    email: buyer,
    name: 'Eze',
    at: purchasedAt,
  });
  const cookie = await signIn(api.url, buyer);
  const answers = await Promise.all(
    [1, 2, 3, 4, 5, 1, 2, 3].map((stars, i) =>
      i % 2 === 0
        ? putReview(api, `/access/${token}`, { rating: stars })
        : putReview(api, `/sales/${id}`, { rating: stars }, cookie),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
  const stored = await review(id);
  expect((await db.collection('reviews').where('productId', '==', 'excel').get()).size).toBe(1);
  // Whichever write came last, the rating holds exactly that one review's stars.
  expect(await rating('excel')).toMatchObject({ count: 1, sum: stored?.rating });
});

it('takes reviews and edits within a year of purchase only', async () => {
  const buyer = `late-${tag}@buyers.test`;
  const { token } = await seedSale({
    id: `paystack_f${tag}`,
    productId: 'excel',
    email: buyer,
    name: 'Femi',
    at: purchasedAt,
  });
  api.clock.now = new Date('2027-03-10T08:59:59Z');
  expect((await putReview(api, `/access/${token}`, { rating: 5 })).status).toBe(201);
  api.clock.now = new Date('2027-03-10T09:00:01Z');
  expect(await putReview(api, `/access/${token}`, { rating: 1 })).toEqual({
    status: 409,
    json: { message: 'Reviews can be written or changed within a year of purchase.' },
  });
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 5 });
});

it('removes the review of a refunded sale from the page and the average, and takes no new one', async () => {
  const kept = await seedSale({
    id: `demo_k${tag}`,
    productId: 'excel',
    email: `k-${tag}@buyers.test`,
    name: 'Kemi',
    at: purchasedAt,
  });
  const refunded = await seedSale({
    id: `demo_r${tag}`,
    productId: 'excel',
    email: `r-${tag}@buyers.test`,
    name: 'Remi',
    at: purchasedAt,
  });
  expect((await putReview(api, `/access/${kept.token}`, { rating: 5, title: 'Great' })).status).toBe(201);
  expect((await putReview(api, `/access/${refunded.token}`, { rating: 1, title: 'Bad' })).status).toBe(201);
  expect(await rating('excel')).toMatchObject({ count: 2, sum: 6 });

  const refund = await fetch(`${api.url}/api/admin/transactions/${refunded.id}/refund`, {
    method: 'POST',
    headers: bearer(adminToken),
    body: JSON.stringify({ reason: 'Asked for a refund' }),
  });
  expect(refund.status).toBe(200);

  expect(await review(refunded.id)).toMatchObject({
    status: 'removed',
    removedBecause: 'refund',
    rating: 1,
    title: 'Bad',
  });
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 5 });
  const page = await getJson(`${api.url}/api/products/excel/reviews`);
  expect(page.rating).toEqual({ average: 5, count: 1 });
  expect((page.reviews as { title: string }[]).map((r) => r.title)).toEqual(['Great']);
  expect(await putReview(api, `/access/${refunded.token}`, { rating: 4 })).toEqual({
    status: 409,
    json: { message: 'This purchase was refunded, so it cannot be reviewed.' },
  });
  expect(api.logged).toEqual([]);
});

/** Paystack's signed charge.dispute.* event for a seeded ₦7,500 sale; the API's answer. */
async function disputeEvent(reference: string, type: 'charge.dispute.create' | 'charge.dispute.resolve') {
  const event = JSON.stringify({
    event: type,
    data: {
      id: 700_000_000 + Number(tag.replace(/\D/g, '').slice(-6) || '1'),
      refund_amount: 750000,
      currency: 'NGN',
      status: type === 'charge.dispute.resolve' ? 'resolved' : 'awaiting-merchant-feedback',
      resolution: type === 'charge.dispute.resolve' ? 'merchant-accepted' : null,
      domain: 'test',
      category: 'chargeback',
      note: null,
      due_at: '2026-04-20T10:00:00.000Z',
      transaction: { id: 4099260516, reference, amount: 750000, currency: 'NGN' },
    },
  });
  const hook = await fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(event) },
    body: event,
  });
  expect(hook.status).toBe(200);
  return (await hook.json()) as { outcome?: string };
}

it('keeps the review through an open dispute, and removes it from the page and the average once it is lost', async () => {
  const sale = await seedSale({
    id: `paystack_dis${tag}`,
    productId: 'excel',
    email: `dis-${tag}@buyers.test`,
    name: 'Dami',
    at: purchasedAt,
  });
  expect((await putReview(api, `/access/${sale.token}`, { rating: 2, title: 'Meh' })).status).toBe(201);

  expect((await disputeEvent(`dis${tag}`, 'charge.dispute.create')).outcome).toBe('applied');
  expect(await review(sale.id)).toMatchObject({ status: 'shown' });
  expect(await rating('excel')).toMatchObject({ count: 1, sum: 2 });

  expect((await disputeEvent(`dis${tag}`, 'charge.dispute.resolve')).outcome).toBe('applied');
  expect(await review(sale.id)).toMatchObject({ status: 'removed', removedBecause: 'dispute', rating: 2 });
  expect(await rating('excel')).toMatchObject({ count: 0, sum: 0 });
  expect((await getJson(`${api.url}/api/products/excel/reviews`)).rating).toBeNull();
});

it('lets the buyer rate from the download page with a plain form, and says a refusal on a page', async () => {
  const sale = await seedSale({
    id: `paystack_page${tag}`,
    productId: 'excel',
    email: `page-${tag}@buyers.test`,
    name: 'Pat',
    at: purchasedAt,
  });
  const form = await fetch(`${api.url}/api/access/${sale.token}/review`, { headers: { accept: 'text/html' } });
  expect(form.status).toBe(200);
  const html = await form.text();
  expect(html).toContain('<h1>Rate Excel Mastery</h1>');
  expect(html).toContain(`<form method="post" action="/api/access/${sale.token}/review">`);

  const post = (body: string) =>
    fetch(`${api.url}/api/access/${sale.token}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body,
    });
  const refused = await post('title=No+stars');
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('<p class="error" role="alert">Choose from 1 to 5 stars.</p>');
  const saved = await post('rating=4&title=Handy&text=%3Cb%3EGood%3C%2Fb%3E');
  expect(saved.status).toBe(200);
  const page = await saved.text();
  expect(page).toContain('<p role="status">Thank you! Your review is saved.</p>');
  expect(page).toContain('&lt;b&gt;Good&lt;/b&gt;</textarea>');
  expect(await review(sale.id)).toMatchObject({ rating: 4, title: 'Handy', text: '<b>Good</b>', status: 'shown' });

  api.clock.now = new Date('2027-04-01T10:00:00Z');
  const late = await post('rating=1');
  expect(late.status).toBe(409);
  expect(await late.text()).toContain('Reviews can be written or changed within a year of purchase.');
  const unknown = await fetch(`${api.url}/api/access/${'B'.repeat(43)}/review`, { headers: { accept: 'text/html' } });
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('This purchase could not be found.');
});
