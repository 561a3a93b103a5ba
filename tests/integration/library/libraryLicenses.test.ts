// A purchase's license key in the library (docs/licenses.md, docs/library.md), through HTTP on the local
// cloud: the signed-in address sees its own purchase's key and machines and frees a seat, behind the
// download page's rules (its own purchases only, access not ended). Demo payments, our Firestore emulator,
// the public license API and SMTP; nothing of ours faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  db,
  demoPurchase,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';

let api: PurchaseApi;
beforeAll(async () => {
  api = await startPurchaseApi({
    SIGNIN_RATE_LIMIT: '1000',
    LICENSE_RATE_LIMIT: '1000',
    LICENSE_KEY_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

async function buy(productId: string, customer: Customer) {
  const { transactionId } = await demoPurchase(api.url, productId, customer);
  const key = (await db.doc(`transactions/${transactionId}`).get()).get('licenseKey') as string | undefined;
  return { transactionId, key: key ?? '' };
}

async function activate(key: string, productId: string, name: string): Promise<string> {
  const response = await postJson(`${api.url}/api/licenses/activate`, {
    license_key: key,
    product_id: productId,
    instance_name: name,
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as { instance_id: string }).instance_id);
}

async function validate(key: string, productId: string, instanceId: string) {
  const response = await postJson(`${api.url}/api/licenses/validate`, {
    license_key: key,
    product_id: productId,
    instance_id: instanceId,
  });
  return ((await response.json()) as { valid: boolean }).valid;
}

interface Machine {
  id: string;
  name: string;
  at: string;
}

describe("a purchase's license key in the library", () => {
  it('shows the own purchase key and machines, Deactivate frees a seat, and refuses others and ended access', async () => {
    const product = await seedProduct({ title: 'Library Toolkit' });
    await db.doc(`productDeliverables/${product.id}`).update({
      licenseKeys: { on: true, activationLimit: 3, source: 'generated' },
    });
    const plain = await seedProduct({ title: 'Plain Guide' });
    const ada = buildCustomer();
    const sale = await buy(product.id, ada);
    const plainSale = await buy(plain.id, ada);
    const others = await buy(product.id, buildCustomer());
    const office = await activate(sale.key, product.id, 'Office PC');
    const laptop = await activate(sale.key, product.id, 'Home laptop');
    const theirs = await activate(others.key, product.id, 'Their PC');

    // Without a session, nothing.
    const anonymous = await libraryGet(api.url, `/purchases/${sale.transactionId}/license`, '');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to see your library.' });

    const cookie = await signIn(api.url, ada.email);
    const listed = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as {
      purchases: { title: string; hasLicenseKey: boolean }[];
    };
    expect(listed.purchases.map((p) => [p.title, p.hasLicenseKey])).toEqual([
      ['Plain Guide', false],
      ['Library Toolkit', true],
    ]);

    const shown = await libraryGet(api.url, `/purchases/${sale.transactionId}/license`, cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const { license } = (await shown.json()) as {
      license: { key: string; status: string; activationLimit: number; activations: Machine[] };
    };
    expect(license).toEqual({
      key: sale.key,
      status: 'active',
      activationLimit: 3,
      activations: [
        { id: office, name: 'Office PC', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown },
        { id: laptop, name: 'Home laptop', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown },
      ],
    });
    const none = await libraryGet(api.url, `/purchases/${plainSale.transactionId}/license`, cookie);
    expect(await none.json()).toEqual({ license: null });

    // Another address's purchase is answered as one that does not exist, and its seat stays taken.
    for (const id of [others.transactionId, 'demo_NOSUCHSALE']) {
      const refused = await libraryGet(api.url, `/purchases/${id}/license`, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: 'This purchase is not in your library.' });
    }
    const stranger = await libraryPost(
      api.url,
      `/purchases/${others.transactionId}/license/${theirs}/deactivate`,
      cookie,
    );
    expect(stranger.status).toBe(404);
    expect(await validate(others.key, product.id, theirs)).toBe(true);
    // A machine of another key is not this key's.
    const wrongMachine = await libraryPost(
      api.url,
      `/purchases/${sale.transactionId}/license/${theirs}/deactivate`,
      cookie,
    );
    expect(wrongMachine.status).toBe(404);
    expect(await wrongMachine.json()).toEqual({ message: 'That machine is not using this license key.' });
    expect(await validate(others.key, product.id, theirs)).toBe(true);

    const freed = await libraryPost(api.url, `/purchases/${sale.transactionId}/license/${office}/deactivate`, cookie);
    expect(freed.status).toBe(200);
    const after = (await freed.json()) as { license: { activations: Machine[] } };
    expect(after.license.activations.map((m) => m.name)).toEqual(['Home laptop']);
    expect(await validate(sale.key, product.id, office)).toBe(false);
    expect(await validate(sale.key, product.id, laptop)).toBe(true);

    // Access ended (the seller revoked it): neither the key nor Deactivate, as on the download page.
    await db.doc(`transactions/${sale.transactionId}`).update({ accessRevoked: true, accessChangedBy: 'admin' });
    const ended = await libraryGet(api.url, `/purchases/${sale.transactionId}/license`, cookie);
    expect(ended.status).toBe(410);
    expect(await ended.json()).toEqual({ message: 'Access to this purchase has ended.' });
    const endedFree = await libraryPost(
      api.url,
      `/purchases/${sale.transactionId}/license/${laptop}/deactivate`,
      cookie,
    );
    expect(endedFree.status).toBe(410);
    const kept = (await db.collection('licenseKeys').where('transactionId', '==', sale.transactionId).get()).docs[0];
    expect((kept?.get('activations') as Machine[]).map((m) => m.name)).toEqual(['Home laptop']);
  });
});
