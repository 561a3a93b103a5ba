// The delivery switches beside a product's files (docs/files.md): stamping PDFs, the download limit and
// how long after purchase the files can be downloaded.
import { useId, useState } from 'react';
import { inputClass } from '../../../components/FormField';
import { saveDeliverySettings, type DeliverySettings } from '../api/deliverableFiles';
import { primaryButtonClass } from '../../../components/buttonClasses';
import { optionalWholeNumber } from '../../../lib/optionalWholeNumber';
import { useGuardedSave } from '../../../components/useGuardedSave';
import { useReportUnsaved } from '../../../components/unsavedChanges';

export function DeliverySettingsForm({
  productId,
  initial,
  onSaved,
}: {
  productId: string;
  initial: DeliverySettings;
  onSaved: (message: string) => void;
}) {
  const stampId = useId();
  const limitId = useId();
  const expiryId = useId();
  const [stampPdf, setStampPdf] = useState(initial.stampPdf);
  const [limit, setLimit] = useState(initial.downloadLimit === null ? '' : String(initial.downloadLimit));
  const [expiry, setExpiry] = useState(initial.expiryDays === null ? '' : String(initial.expiryDays));
  const {
    saved,
    saving,
    error,
    setError,
    save: store,
  } = useGuardedSave(
    initial,
    (saved, next) => saveDeliverySettings(productId, saved, next),
    () => onSaved('Delivery settings saved.'),
  );

  // Compared as the numbers they store: '05' saved as 5 is saved; text that is no number is unsaved.
  useReportUnsaved(
    stampPdf !== saved.stampPdf ||
      optionalWholeNumber(limit, 1000) !== saved.downloadLimit ||
      optionalWholeNumber(expiry, 3650) !== saved.expiryDays,
  );

  const save = async () => {
    const downloadLimit = optionalWholeNumber(limit, 1000);
    const expiryDays = optionalWholeNumber(expiry, 3650);
    if (downloadLimit === undefined) {
      setError('The download limit is a whole number from 1 to 1000, or empty for none.');
      return;
    }
    if (expiryDays === undefined) {
      setError('The expiry is a whole number of days from 1 to 3650, or empty for none.');
      return;
    }
    await store({ stampPdf, downloadLimit, expiryDays });
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900">Delivery</legend>
      <div className="flex items-center gap-2">
        <input
          id={stampId}
          type="checkbox"
          checked={stampPdf}
          onChange={(event) => setStampPdf(event.target.checked)}
        />
        <label htmlFor={stampId}>Print the buyer&apos;s name on every page of PDFs</label>
      </div>
      <div>
        <label htmlFor={limitId} className="block text-sm font-medium text-slate-800">
          Downloads per file (empty: no limit)
        </label>
        <input
          id={limitId}
          inputMode="numeric"
          className={inputClass}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">
          Days after purchase the files can be downloaded (empty: no end)
        </label>
        <input
          id={expiryId}
          inputMode="numeric"
          className={inputClass}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className={primaryButtonClass} disabled={saving} onClick={() => void save()}>
        {saving ? 'Saving…' : 'Save delivery settings'}
      </button>
    </fieldset>
  );
}
