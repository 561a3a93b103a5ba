// The per-sale actions of the admin API (docs/admin.md): resend the buyer's access e-mail, revoke or
// restore the access link. The API does the work; this module only speaks to it.
import { postAsAdmin } from './adminHttp';

const saleUrl = (transactionId: string, action: 'resend' | 'access') =>
  `/api/admin/transactions/${encodeURIComponent(transactionId)}/${action}`;

/** Sends the access e-mail again, to `email` when given (the API then records the correction). */
export async function resendAccessEmail(transactionId: string, email?: string): Promise<string> {
  const answer = await postAsAdmin(saleUrl(transactionId, 'resend'), email === undefined ? {} : { email });
  return typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : 'Access e-mail sent.';
}

/** Gives the buyer their downloads back (the counts the product's download limit checks). */
export async function resetSaleDownloads(transactionId: string): Promise<string> {
  const answer = await postAsAdmin(`/api/admin/transactions/${encodeURIComponent(transactionId)}/downloads/reset`, {});
  return typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : 'The buyer’s download count is back to 0.';
}

/** Revokes (true) or restores (false) the sale's access link; resolves with the state the API stored. */
export async function setSaleAccess(transactionId: string, revoked: boolean): Promise<boolean> {
  const answer = await postAsAdmin(saleUrl(transactionId, 'access'), { revoked });
  if (typeof answer === 'object' && answer !== null && 'accessRevoked' in answer) {
    return answer.accessRevoked === true;
  }
  return revoked;
}
