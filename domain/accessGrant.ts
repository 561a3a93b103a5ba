// An access link's grant as stored in accessGrants/{sha256 of token} (docs/files.md): which sale and
// product it opens and the devices that confirmed the purchase. The one decoder of the document.

export interface StoredAccessGrant {
  /** The sale it opens; null for a grant without one (it opens nothing). */
  transactionId: string | null;
  /** The product, as a document id: fulfilment writes one on every grant, else 'no-product'. */
  productId: string;
  /** Hashes of the devices that confirmed the purchase, oldest first. */
  devices: string[];
}

export function readAccessGrant(data: Record<string, unknown> | undefined): StoredAccessGrant {
  const devices: unknown = data?.devices;
  return {
    transactionId: typeof data?.transactionId === 'string' ? data.transactionId : null,
    productId: typeof data?.productId === 'string' && data.productId !== '' ? data.productId : 'no-product',
    devices: Array.isArray(devices) ? devices.filter((device): device is string => typeof device === 'string') : [],
  };
}
