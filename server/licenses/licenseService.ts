// The public license API's work (docs/licenses.md): a key is found by its hash, checked against the
// product asked about (a key of another product answers exactly as an unknown key), and its status
// follows its sale: the seller's switch, and the sale's access (a revoke, a full refund, a lost or
// open dispute all set accessRevoked; a restore clears it). Activations are counted in a transaction,
// so racing calls never pass the limit.
import { randomUUID } from 'node:crypto';
import type { DocumentData, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import {
  readLicenseKey,
  type LicenseActivation,
  type LicenseAnswer,
  type LicenseStatus,
  type StoredLicenseKey,
} from '../../domain/licenseKeys';
import { accessOpen, readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import { licenseKeyRef, sameKey } from './licenseKeys';
import { planKeyEndedMessage, planStanding, type PlanStanding } from '../memberships/planAccess';
import { transactionsCollection } from '../lib/collections';

export interface LicenseRequest {
  licenseKey: string;
  productId: string;
}

/**
 * `ended`: why the key's membership or instalment plan keeps it closed, in words (docs/memberships.md);
 * absent for a key of no plan or of a plan still open.
 */
export type LicenseOutcome<T> = { kind: 'unknown' } | ({ kind: 'found'; license: LicenseAnswer; ended?: string } & T);

// Contention is expected: ten machines activating one key at once.
const transactionOptions = { maxAttempts: 30 };

/** The key's status as tools see it: disabled by the seller or by its sale's end, else as stored. */
export function effectiveStatus(key: StoredLicenseKey, sale: SaleRecord | null): LicenseStatus {
  if (key.status === 'disabled' || !sale || !accessOpen(sale)) return 'disabled';
  return key.status;
}

export function licenseAnswer(key: StoredLicenseKey, sale: SaleRecord | null): LicenseAnswer {
  return {
    status: effectiveStatus(key, sale),
    activation_limit: key.activationLimit,
    activation_usage: key.activations.length,
    product_id: key.productId,
    expires_at: null,
  };
}

/**
 * The answer as the key's plan has it: a key of a membership or an instalment plan expires when the
 * plan's access ends (`expires_at`, null for a completed plan) and is disabled once it has.
 */
function withPlan(license: LicenseAnswer, plan: PlanStanding | null): { license: LicenseAnswer; ended?: string } {
  if (!plan) return { license };
  if (plan.access.open) return { license: { ...license, expires_at: plan.endsAt } };
  return {
    license: { ...license, status: 'disabled', expires_at: plan.access.endedAt },
    ended: planKeyEndedMessage(plan.kind, plan.access.endedAt),
  };
}

export function createLicenseService({ db, now }: { db: Firestore; now: () => Date }) {
  const saleRef = (key: StoredLicenseKey) => db.collection(transactionsCollection).doc(key.transactionId || 'no-sale');
  const saleOf = (snapshot: DocumentSnapshot) => {
    const data = snapshot.data();
    return data ? readSaleRecord(data) : null;
  };
  /** The key when it is this product's key, else null (unknown and another product's alike). */
  const matching = (data: DocumentData | undefined, request: LicenseRequest) => {
    const key = data ? readLicenseKey(data) : null;
    return key && key.productId === request.productId && sameKey(key.key, request.licenseKey) ? key : null;
  };

  return {
    async activate(
      request: LicenseRequest & { instanceName: string },
    ): Promise<LicenseOutcome<{ activated: boolean; instanceId: string | null }>> {
      const ref = licenseKeyRef(db, request.licenseKey);
      return db.runTransaction(async (t) => {
        const key = matching((await t.get(ref)).data(), request);
        if (!key) return { kind: 'unknown' };
        const saleSnap = await t.get(saleRef(key));
        const plan = await planStanding((ref) => t.get(ref), db, saleSnap.data(), now());
        const { license, ended } = withPlan(licenseAnswer(key, saleOf(saleSnap)), plan);
        const full = license.activation_limit !== null && license.activation_usage >= license.activation_limit;
        if (license.status !== 'active' || full) {
          return { kind: 'found', license, ...(ended ? { ended } : {}), activated: false, instanceId: null };
        }
        const activation: LicenseActivation = { id: randomUUID(), name: request.instanceName, at: now().toISOString() };
        t.update(ref, { activations: [...key.activations, activation] });
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
      const saleSnap = await saleRef(key).get();
      const plan = await planStanding((ref) => ref.get(), db, saleSnap.data(), now());
      const { license, ended } = withPlan(licenseAnswer(key, saleOf(saleSnap)), plan);
      const instanceFound =
        request.instanceId === undefined || key.activations.some((a) => a.id === request.instanceId);
      const valid = license.status === 'active' && instanceFound;
      return { kind: 'found', license, ...(ended ? { ended } : {}), valid, instanceFound };
    },

    async deactivate(
      request: LicenseRequest & { instanceId: string },
    ): Promise<LicenseOutcome<{ deactivated: boolean }>> {
      const ref = licenseKeyRef(db, request.licenseKey);
      return db.runTransaction(async (t) => {
        const key = matching((await t.get(ref)).data(), request);
        if (!key) return { kind: 'unknown' };
        const saleSnap = await t.get(saleRef(key));
        const plan = await planStanding((ref) => t.get(ref), db, saleSnap.data(), now());
        const activations = key.activations;
        const left = activations.filter((a) => a.id !== request.instanceId);
        if (left.length !== activations.length) t.update(ref, { activations: left });
        // Freeing a seat stays possible whatever the plan: it only gives the buyer's machine back.
        const { license } = withPlan(licenseAnswer({ ...key, activations: left }, saleOf(saleSnap)), plan);
        return { kind: 'found', license, deactivated: left.length !== activations.length };
      }, transactionOptions);
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;
