// The product page's License keys (docs/licenses.md): the settings as stored, their form and what
// its Save said.
import { useState } from 'react';
import { toAppError } from '../../../lib/errors';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { licenseKeySettingsFromData } from '../../../../domain/licenseKeys';
import { useGetDeliverablesQuery } from '../api/productExtrasApi';
import { LicenseKeysForm } from './LicenseKeysForm';

export function LicenseKeysSection({ productId }: { productId: string }) {
  const stored = useGetDeliverablesQuery(productId);
  const [status, setStatus] = useState('');
  // A product that never had license key settings has the defaults (keys off).
  const licenseKeys = stored.data ? (stored.data.licenseKeys ?? licenseKeySettingsFromData(undefined)) : undefined;
  return (
    <div className="space-y-3">
      {stored.error ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700">
            The license key settings could not be loaded: {toAppError(stored.error).message}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => void stored.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {!licenseKeys && !stored.error ? <p role="status">Loading the license key settings…</p> : null}
      {licenseKeys ? <LicenseKeysForm productId={productId} initial={licenseKeys} onSaved={setStatus} /> : null}
      <p role="status" aria-live="polite" className="text-slate-800">
        {status}
      </p>
    </div>
  );
}
