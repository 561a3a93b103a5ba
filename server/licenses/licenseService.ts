// The public license API's work (docs/licenses.md): a key is found by its hash, checked against the
// product asked about (a key of another product answers exactly as an unknown key), and its status
// follows its sale: the seller's switch, and the sale's access (a revoke, a full refund, a lost or
// open dispute all set accessRevoked; a restore clears it). Activations are counted in a transaction,
// so racing calls never pass the limit.
import { randomUUID } from 'node:crypto';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { LicenseActivation, LicenseAnswer, LicenseStatus } from '../../domain/licenseKeys';
import { licenseKeyRef, sameKey } from './licenseKeys';
import { transactionsCollection } from '../lib/collections';

export interface LicenseRequest {
  licenseKey: string;
  productId: string;
}

export type LicenseOutcome<T> = { kind: 'unknown' } | ({ kind: 'found'; license: LicenseAnswer } & T);

// Contention is expected: ten machines activating one key at once.
const transactionOptions = { maxAttempts: 30 };

export function activationsOf(data: DocumentData | undefined): LicenseActivation[] {
  const list: unknown = data?.activations;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is LicenseActivation =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as LicenseActivation).id === 'string' &&
      typeof (a as LicenseActivation).name === 'string' &&
      typeof (a as LicenseActivation).at === 'string',
  );
}

/** The key's status as tools see it: disabled by the seller or by its sale's end, else as stored. */
export function effectiveStatus(key: DocumentData, sale: DocumentData | undefined): LicenseStatus {
  if (key.status === 'disabled' || !sale || sale.accessRevoked !== false) return 'disabled';
  return key.status === 'pending' ? 'pending' : 'active';
}

export function licenseAnswer(key: DocumentData, sale: DocumentData | undefined): LicenseAnswer {
  const limit: unknown = key.activationLimit;
  return {
    status: effectiveStatus(key, sale),
    activation_limit: typeof limit === 'number' ? limit : null,
    activation_usage: activationsOf(key).length,
    product_id: String(key.productId),
    expires_at: null,
  };
}

export function createLicenseService({ db, now }: { db: Firestore; now: () => Date }) {
  const saleRef = (key: DocumentData) =>
    db.collection(transactionsCollection).doc(String(key.transactionId ?? 'no-sale'));
  /** The key's data when it is this product's key, else null (unknown and another product's alike). */
  const matching = (data: DocumentData | undefined, request: LicenseRequest) =>
    data && data.productId === request.productId && sameKey(data.key, request.licenseKey) ? data : null;

  return {
    async activate(
      request: LicenseRequest & { instanceName: string },
    ): Promise<LicenseOutcome<{ activated: boolean; instanceId: string | null }>> {
      const ref = licenseKeyRef(db, request.licenseKey);
      return db.runTransaction(async (t) => {
        const key = matching((await t.get(ref)).data(), request);
        if (!key) return { kind: 'unknown' };
        const sale = (await t.get(saleRef(key))).data();
        const license = licenseAnswer(key, sale);
        const full = license.activation_limit !== null && license.activation_usage >= license.activation_limit;
        if (license.status !== 'active' || full) return { kind: 'found', license, activated: false, instanceId: null };
        const activation: LicenseActivation = { id: randomUUID(), name: request.instanceName, at: now().toISOString() };
        t.update(ref, { activations: [...activationsOf(key), activation] });
        return {
          kind: 'found',
          license: { ...license, activation_usage: license.activation_usage + 1 },
          activated: true,
          instanceId: activation.id,
        };
      }, transactionOptions);
    },

    async validate(
      request: LicenseRequest & { instanceId?: string },
    ): Promise<LicenseOutcome<{ valid: boolean; instanceFound: boolean }>> {
      const key = matching((await licenseKeyRef(db, request.licenseKey).get()).data(), request);
      if (!key) return { kind: 'unknown' };
      const sale = (await saleRef(key).get()).data();
      const license = licenseAnswer(key, sale);
      const instanceFound =
        request.instanceId === undefined || activationsOf(key).some((a) => a.id === request.instanceId);
      return { kind: 'found', license, valid: license.status === 'active' && instanceFound, instanceFound };
    },

    async deactivate(
      request: LicenseRequest & { instanceId: string },
    ): Promise<LicenseOutcome<{ deactivated: boolean }>> {
      const ref = licenseKeyRef(db, request.licenseKey);
      return db.runTransaction(async (t) => {
        const key = matching((await t.get(ref)).data(), request);
        if (!key) return { kind: 'unknown' };
        const sale = (await t.get(saleRef(key))).data();
        const activations = activationsOf(key);
        const left = activations.filter((a) => a.id !== request.instanceId);
        if (left.length !== activations.length) t.update(ref, { activations: left });
        const license = licenseAnswer({ ...key, activations: left }, sale);
        return { kind: 'found', license, deactivated: left.length !== activations.length };
      }, transactionOptions);
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
