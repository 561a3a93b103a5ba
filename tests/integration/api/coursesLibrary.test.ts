// A course from the buyer's library (docs/library.md, docs/courses.md): the list says which purchases
// have lessons, and 'Start the course' trusts this browser for the purchase, as Open does, then answers
// the player's address. Refusals: another address's purchase, a purchase without lessons, ended access.
// Demo payments, our Firestore emulator and SMTP; nothing of ours faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';
import { aCourse, buy, startCourseApi, type CourseApi } from '../../support/courseHarness';
import { buildCustomer, db, removeSeededProducts, seedProduct } from '../../support/purchaseHarness';

let api: CourseApi;

beforeAll(async () => {
  api = await startCourseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

interface Listed {
  id: string;
  hasCourse: boolean;
  state: string;
}

describe("the library's 'Start the course'", () => {
  it('is offered for a purchase with lessons and opens its player on this browser, even after signing out', async () => {
    const course = await aCourse(api);
    const guide = await seedProduct({ title: 'Guide without lessons' });
    await db.doc(`productDeliverables/${guide.id}`).set({ url: 'https://drive.example.com/guide' });
    const customer = buildCustomer();
    const sale = await buy(api, course.product.id, customer);
    const guideSale = await buy(api, guide.id, customer);
    const stranger = await buy(api, course.product.id);

    const cookie = await signIn(api.url, customer.email);
    const listed = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as { purchases: Listed[] };
    expect(listed.purchases.map(({ id, hasCourse, state }) => ({ id, hasCourse, state }))).toEqual([
      { id: guideSale.transactionId, hasCourse: false, state: 'active' },
      { id: sale.transactionId, hasCourse: true, state: 'active' },
    ]);

    const started = await libraryPost(api.url, `/purchases/${sale.transactionId}/course`, cookie);
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ url: `${api.url}/learn/${sale.token}` });

    const noLessons = await libraryPost(api.url, `/purchases/${guideSale.transactionId}/course`, cookie);
    expect(noLessons.status).toBe(404);
    expect(await noLessons.json()).toEqual({ message: 'This purchase has no course to start.' });
    const foreign = await libraryPost(api.url, `/purchases/${stranger.transactionId}/course`, cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'This purchase is not in your library.' });

    // The browser stays trusted for that course once the library session has ended.
    expect((await libraryPost(api.url, '/sign-out', cookie)).status).toBe(200);
    const player = await fetch(sale.learnUrl, { headers: { cookie } });
    expect(player.status).toBe(200);
    expect(((await player.json()) as { title: string }).title).toBe(course.product.title);
    // Another buyer's course still asks this browser for the e-mail.
    expect((await fetch(stranger.learnUrl, { headers: { cookie } })).status).toBe(403);
  });

  it('refuses a refunded course with the words Open uses, and needs a session', async () => {
    const course = await aCourse(api);
    const customer = buildCustomer();
    const sale = await buy(api, course.product.id, customer);
    await db
      .doc(`transactions/${sale.transactionId}`)
      .update({ accessRevoked: true, accessChangedBy: 'refund', 'refund.refunded': 7500 });
    const cookie = await signIn(api.url, customer.email);
    const refused = await libraryPost(api.url, `/purchases/${sale.transactionId}/course`, cookie);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({ message: 'Access to this purchase has ended.' });
    const signedOut = await libraryPost(api.url, `/purchases/${sale.transactionId}/course`, '');
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: 'Please sign in to see your library.' });
  });
});
