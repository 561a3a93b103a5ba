// The contact form's one call: POST {name, email, phone, message} to the contact endpoint
// (docs/storefront.md).
import { api, runQuery } from '../../../lib/api';
import { getConfig } from '../../../lib/config';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { postJson } from '../../../lib/http';

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/**
 * The API's 400 (which field is wrong) and 429 (sent too often) answers are sentences meant for
 * the visitor, so they are shown as they are; anything else gets the store's inline text for this case
 * (docs/storefront.md, 'Messages').
 */
const words: ErrorWords = {
  spoken: [400, 429],
  codes: { 400: 'invalid-argument', 429: 'resource-exhausted' },
  network: fallbackMessage,
};

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<null, ContactMessage>({
      queryFn: (message) =>
        runQuery(async () => {
          await postJson(getConfig().contactUrl, message);
          return null;
        }, words),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
