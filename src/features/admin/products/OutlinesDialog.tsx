import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { confirmAction, showError } from '../../../lib/alerts';
import type { Outline, Product } from '../../../../domain/product';
import { useDeleteOutlineMutation, useGetAdminOutlinesQuery, useUpdateOutlineMutation } from '../api/productsApi';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { OutlineFields } from './OutlineFields';
import { parseOutlineForm } from './productValidation';

/** View / Edit Outline (docs/admin.md): the product's outlines by order, each editable inline or deletable. */
export function OutlinesDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const outlines = useGetAdminOutlinesQuery(product.id);
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Modal title="Outlines" onClose={onClose}>
      <p className="mt-1 text-slate-700">{product.title.toUpperCase()}</p>
      <div className="mt-4">
        {outlines.isLoading ? (
          <p role="status" className="text-slate-700">
            Loading...
          </p>
        ) : outlines.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-red-700">Failed to fetch outlines.</p>
            <button type="button" onClick={() => void outlines.refetch()} className={secondaryButtonClass}>
              Try again
            </button>
          </div>
        ) : (outlines.data ?? []).length === 0 ? (
          <p className="text-slate-700">No outline has been posted for this product yet.</p>
        ) : (
          <ol aria-label="Outlines" className="space-y-3">
            {(outlines.data ?? []).map((outline) => (
              <li key={outline.id} className="rounded-lg p-3 ring-1 ring-slate-200">
                {editing === outline.id ? (
                  <OutlineEditor outline={outline} onDone={() => setEditing(null)} />
                ) : (
                  <OutlineRow outline={outline} onEdit={() => setEditing(outline.id)} />
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function OutlineRow({ outline, onEdit }: { outline: Outline; onEdit: () => void }) {
  const [deleteOutline, { isLoading }] = useDeleteOutlineMutation();
  const onDelete = async () => {
    const confirmed = await confirmAction(
      'Are you sure?',
      'This outline will be permanently deleted.',
      'Yes, delete it',
    );
    if (!confirmed) return;
    const result = await deleteOutline({ id: outline.id, productId: outline.productId });
    if ('error' in result) await showError('Failed to delete outline.');
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <p className="break-words text-slate-900">
        <span className="font-semibold">{outline.outlineOrder}.</span> {outline.outline}
      </p>
      <div className="flex shrink-0 gap-2">
        <button type="button" onClick={onEdit} className={secondaryButtonClass}>
          Edit
        </button>
        <button type="button" disabled={isLoading} onClick={() => void onDelete()} className={dangerButtonClass}>
          Delete
        </button>
      </div>
    </div>
  );
}

function OutlineEditor({ outline, onDone }: { outline: Outline; onDone: () => void }) {
  const [text, setText] = useState(outline.outline);
  const [order, setOrder] = useState(String(outline.outlineOrder));
  const [problem, setProblem] = useState<{ error: string; warning: boolean } | null>(null);
  const [updateOutline, { isLoading }] = useUpdateOutlineMutation();

  const onSave = async () => {
    const parsed = parseOutlineForm(text, order);
    if (!parsed.ok) {
      setProblem({ error: parsed.error, warning: parsed.warning });
      return;
    }
    setProblem(null);
    const result = await updateOutline({ id: outline.id, productId: outline.productId, fields: parsed.value });
    if ('error' in result) {
      await showError('Failed to update outline.');
      return;
    }
    onDone();
  };

  return (
    <div className="space-y-3">
      <OutlineFields
        labels={{ text: 'Outline text', order: 'Outline order' }}
        text={text}
        order={order}
        problem={problem}
        onTextChange={setText}
        onOrderChange={setOrder}
      />
      <div className="flex gap-2">
        <button type="button" disabled={isLoading} onClick={() => void onSave()} className={primaryButtonClass}>
          Save
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </div>
  );
}
