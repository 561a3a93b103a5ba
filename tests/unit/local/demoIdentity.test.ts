// The demo store names one contact address: the footer shows VITE_CONTACT_EMAIL and the e-mails name
// SELLER_EMAIL (docs/storefront.md, docs/payments.md); the local cloud sets both from one constant.
import { describe, expect, it } from 'vitest';
import { demoContactEmail, storeIdentity } from '../../../local/cloudEnv';

describe('the demo store identity', () => {
  it('shows in its footer the address its e-mails are sent from and reply to', () => {
    expect(storeIdentity.VITE_CONTACT_EMAIL).toBe('seller@digitalstore.test');
    expect(demoContactEmail).toBe('seller@digitalstore.test');
  });
});
