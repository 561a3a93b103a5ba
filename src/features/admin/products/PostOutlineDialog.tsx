import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { showError, showSuccess } from '../../../lib/alerts';
import type { Product } from '../../../../domain/product';
import { usePostOutlineMutation } from '../api/productsApi';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { OutlineFields } from './OutlineFields';
import { parseOutlineForm } from './productValidation';

/** Post Outline (docs/admin.md): Outline Content and Outline Order (a number, stored as an integer). */
export function PostOutlineDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [outline, setOutline] = useState('');
  const [order, setOrder] = useState('');
  const [problem, setProblem] = useState<{ error: string; warning: boolean } | null>(null);
  const [postOutline, { isLoading }] = usePostOutlineMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = parseOutlineForm(outline, order);
    if (!parsed.ok) {
      setProblem({ error: parsed.error, warning: parsed.warning });
      return;
    }
    setProblem(null);
    const result = await postOutline({ productId: product.id, fields: parsed.value });
    if ('error' in result) {
      await showError('Failed to post outline.');
      return;
    }
    onClose();
    await showSuccess('Outline posted successfully!');
  };

  return (
    <Modal title="Post Outline" onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <p className="text-slate-700">{product.title.toUpperCase()}</p>
        <OutlineFields
          labels={{ text: 'Outline Content', order: 'Outline Order' }}
          text={outline}
          order={order}
          problem={problem}
          onTextChange={setOutline}
          onOrderChange={setOrder}
        />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={isLoading} className={primaryButtonClass}>
            Post Outline
          </button>
        </div>
      </form>
    </Modal>
  );
}
