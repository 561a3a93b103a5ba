// The contact form's one call: POST {name, email, phone, message} to the contact endpoint
// (docs/storefront.md).
import { api } from '../../../lib/api';
import { getConfig } from '../../../lib/config';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError, postJson } from '../../../lib/http';

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
export function contactError(error: unknown): AppError {
  if (error instanceof HttpError && (error.status === 400 || error.status === 429) && error.serverMessage) {
    return { code: error.status === 400 ? 'invalid-argument' : 'resource-exhausted', message: error.serverMessage };
  }
  return { code: error instanceof HttpError ? `http-${error.status}` : 'network', message: fallbackMessage };
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<null, ContactMessage>({
      queryFn: async (message) => {
        try {
          await postJson(getConfig().contactUrl, message);
          return { data: null };
        } catch (error) {
          return { error: contactError(error) };
        }
      },
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
