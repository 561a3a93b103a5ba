// The codes of the account e-mails as RTK Query server data (docs/architecture.md, 'Conventions'): the
// reset link's code is checked as a query, the verification link's code applied as a mutation.
import { api, runQuery } from '../../../lib/api';
import { checkResetCode, verifyEmailAddress } from './auth';

// One try per code and page load: a code works once, and React may start the same try twice.
const tries = new Map<string, Promise<void>>();

function verifyOnce(code: string): Promise<void> {
  let attempt = tries.get(code);
  if (!attempt) {
    attempt = verifyEmailAddress(code);
    tries.set(code, attempt);
    // A failure that is not the code's (no connection) may be tried again.
    attempt.catch(() => tries.delete(code));
  }
  return attempt;
}

const accountCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The address a reset code belongs to; refused (expired, used) as an AppError in Auth's words. */
    checkResetCode: build.query<string, string>({
      queryFn: (code) => runQuery(() => checkResetCode(code)),
      // A code can be used up meanwhile: each opening of the page asks again.
      keepUnusedDataFor: 0,
    }),
    verifyEmailAddress: build.mutation<null, string>({
      queryFn: (code) => runQuery<null>(() => verifyOnce(code).then(() => null)),
    }),
  }),
});

export const { useCheckResetCodeQuery, useVerifyEmailAddressMutation } = accountCodesApi;
