import { useId, useState } from 'react';
import type { DiscountCode } from '../../../../domain/discounts';
import { formatMinorPrice, formatPrice, type Currency } from '../../../../domain/money';
import { Modal } from '../../../components/Modal';
import { confirmAction, showError, showSuccess } from '../../../lib/alerts';
import { isAppError } from '../../../lib/errors';
import { lagosShortDateTime } from '../../../../domain/lagosDates';
import {
  useCreateDiscountCodeMutation,
  useDeleteDiscountCodeMutation,
  useGetDiscountCodesQuery,
  useSetDiscountCodeActiveMutation,
  useUpdateDiscountCodeMutation,
} from '../api/discountsApi';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { DiscountCodeForm } from './DiscountCodeForm';
import { useCategoryProducts } from './useCategoryProducts';
import { emptyDiscountForm, formValuesOf, termsOf, type DiscountFormValues } from './discountForm';

function describeDiscount(code: DiscountCode): string {
  if (code.kind === 'percent') return `${code.percent}% off`;
  const off = (currency: Currency) => formatPrice(code.amountOff[currency], currency);
  return `${off('NGN')} or ${off('USD')} off`;
}

function describeWindow(code: DiscountCode): string {
  const from = code.startsAt ? `From ${lagosShortDateTime(code.startsAt)}` : '';
  const until = code.endsAt ? `until ${lagosShortDateTime(code.endsAt)}` : '';
  if (from && until) return `${from} ${until}`;
  if (from) return `${from}, no end`;
  if (until) return `Now ${until}`;
  return 'Always';
}

/** What the seller needs to know at a glance: paused, not started, over, used up, or live. */
function statusOf(code: DiscountCode, now: number): string {
  if (!code.active) return 'Paused';
  if (code.endsAt && now >= Date.parse(code.endsAt)) return 'Ended';
  if (code.startsAt && now < Date.parse(code.startsAt)) return 'Scheduled';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'Used up';
  return 'Active';
}

function reasonOf(error: unknown): string | undefined {
  return isAppError(error) ? error.message : undefined;
}

/** Discounts (docs/admin.md): create, edit, pause or resume and delete codes; each with its uses and revenue. */
export function DiscountsPanel() {
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [createCode] = useCreateDiscountCodeMutation();

  const onCreate = async (values: DiscountFormValues): Promise<boolean> => {
    const { code, terms } = termsOf(values, true);
    const result = await createCode({ code, terms });
    if ('error' in result) {
      await showError('Code Not Created', reasonOf(result.error));
      return false;
    }
    await showSuccess(`Code ${code} created.`);
    return true;
  };

  return (
    <section aria-labelledby="discounts-heading" className="w-full">
      <h2 id="discounts-heading" className="text-2xl font-bold text-slate-900">
        Discounts
      </h2>
      <section aria-labelledby="new-code-heading" className="mt-6 rounded-2xl p-4 ring-1 ring-slate-200 sm:p-6">
        <h3 id="new-code-heading" className="mb-4 text-lg font-semibold text-slate-900">
          New code
        </h3>
        <DiscountCodeForm initial={emptyDiscountForm()} mode="create" submitLabel="Create code" onSave={onCreate} />
      </section>
      <CodeList onEdit={setEditing} />
      {editing ? <EditCodeDialog code={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function CodeList({ onEdit }: { onEdit: (code: DiscountCode) => void }) {
  const list = useGetDiscountCodesQuery();
  // Product titles for codes limited to a few products; the ids alone mean nothing to the seller.
  const { lists } = useCategoryProducts();
  const titles = new Map(lists.flatMap((list) => list.data ?? []).map((p) => [p.id, p.title]));
  const [setActive] = useSetDiscountCodeActiveMutation();
  const [deleteCode] = useDeleteDiscountCodeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busyCode, setBusyCode] = useState<string | null>(null);

  const toggle = async (code: DiscountCode) => {
    setFailure(null);
    setBusyCode(code.code);
    const result = await setActive({ code: code.code, active: !code.active });
    setBusyCode(null);
    if ('error' in result)
      setFailure(`${code.code} could not be ${code.active ? 'paused' : 'resumed'}. Please try again.`);
  };

  const remove = async (code: DiscountCode) => {
    const confirmed = await confirmAction(
      `Delete ${code.code}?`,
      'Buyers can no longer use it. Checkouts that already hold it keep their price.',
      'Yes, delete it',
    );
    if (!confirmed) return;
    setBusyCode(code.code);
    const result = await deleteCode(code.code);
    setBusyCode(null);
    if ('error' in result) {
      await showError('The code could not be deleted.', reasonOf(result.error));
      return;
    }
    await showSuccess(`Code ${code.code} deleted.`);
  };

  let body;
  if (list.isError) {
    body = (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">The codes could not be loaded.</p>
        <button type="button" className={primaryButtonClass} onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!list.data) {
    body = (
      <p role="status" className="text-slate-700">
        Loading codes...
      </p>
    );
  } else if (list.data.length === 0) {
    body = <p className="text-slate-700">No discount codes yet.</p>;
  } else {
    // As of when the list was read, like the counts beside it.
    const now = list.fulfilledTimeStamp ?? 0;
    body = (
      <ul aria-label="Discount codes" className="space-y-4">
        {list.data.map((code) => (
          <li key={code.code}>
            <CodeCard
              code={code}
              status={statusOf(code, now)}
              products={code.productIds.map((id) => titles.get(id) ?? 'A deleted product')}
              busy={busyCode === code.code}
              onEdit={() => onEdit(code)}
              onToggle={() => void toggle(code)}
              onDelete={() => void remove(code)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="codes-heading" className="mt-8">
      <h3 id="codes-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Codes
      </h3>
      {failure ? (
        <p role="alert" className="mb-4 text-red-700">
          {failure}
        </p>
      ) : null}
      {body}
    </section>
  );
}

function CodeCard({
  code,
  status,
  products,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  code: DiscountCode;
  status: string;
  products: string[];
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  const uses = code.maxUses === null ? `${code.uses} (no limit)` : `${code.uses} of ${code.maxUses}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-mono text-lg font-semibold text-slate-900">
          {code.code}
        </h4>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            status === 'Active' ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-700'
          }`}
        >
          {status}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Discount</dt>
        <dd className="text-slate-900">{describeDiscount(code)}</dd>
        <dt className="text-slate-600">Applies to</dt>
        <dd className="text-slate-900">{products.length === 0 ? 'Every product' : products.join(', ')}</dd>
        <dt className="text-slate-600">Valid</dt>
        <dd className="text-slate-900">{describeWindow(code)}</dd>
        <dt className="text-slate-600">Uses</dt>
        <dd className="text-slate-900">
          {uses}
          {code.reserved > 0 ? `, ${code.reserved} in open checkouts` : ''}
        </dd>
        <dt className="text-slate-600">Once per e-mail</dt>
        <dd className="text-slate-900">{code.oncePerEmail ? 'Yes' : 'No'}</dd>
        <dt className="text-slate-600">Revenue</dt>
        <dd className="text-slate-900">
          {formatMinorPrice(code.revenueMinor.NGN, 'NGN')} and {formatMinorPrice(code.revenueMinor.USD, 'USD')}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onToggle}>
          {code.active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}

function EditCodeDialog({ code, onClose }: { code: DiscountCode; onClose: () => void }) {
  const [updateCode] = useUpdateDiscountCodeMutation();
  const onSave = async (values: DiscountFormValues): Promise<boolean> => {
    // Pausing is its own button: an edit keeps the code as paused or live as it was.
    const { terms } = termsOf({ ...values, code: code.code }, code.active);
    const result = await updateCode({ code: code.code, terms });
    if ('error' in result) {
      await showError('Update Failed!', reasonOf(result.error));
      return false;
    }
    onClose();
    await showSuccess('Updated!');
    return true;
  };
  return (
    <Modal title={`Edit ${code.code}`} onClose={onClose}>
      <div className="mt-4">
        <DiscountCodeForm
          initial={formValuesOf(code)}
          mode="edit"
          submitLabel="Save"
          onSave={onSave}
          onCancel={onClose}
        />
      </div>
    </Modal>
  );
}
