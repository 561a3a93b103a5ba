// A sale's license key in Sales (docs/licenses.md): loaded when the seller opens it, masked until
// 'Show', with its activations, 'Reset activations', 'Disable'/'Enable' and 'Replace key' (the buyer
// is e-mailed the new one). Every result is said in words.
import { useState } from 'react';
import { maskLicenseKey } from '../../../../domain/licenseKeys';
import { LicenseKeyText } from '../../../components/LicenseKeyText';
import { confirmAction } from '../../../lib/alerts';
import { toAppError } from '../../../lib/errors';
import {
  fetchSaleLicense,
  runSaleLicenseAction,
  type SaleLicense as License,
  type SaleLicenseAction,
} from '../api/saleLicenses';
import { secondaryButtonClass } from '../../../components/buttonClasses';

/** The API's own sentence when it gave one ('This sale has no license key to change.'), else the general one. */
const words = (caught: unknown) => toAppError(caught, { spoken: 'all' }).message;

const button = `${secondaryButtonClass} px-3 py-1.5 text-sm`;
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function SaleLicense({ transactionId }: { transactionId: string }) {
  const [license, setLicense] = useState<License | null | undefined>(undefined);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  const load = async () => {
    setBusy(true);
    try {
      setLicense(await fetchSaleLicense(transactionId));
    } catch (caught) {
      setNotice({ error: true, text: words(caught) });
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: SaleLicenseAction) => {
    if (action === 'replace') {
      const ok = await confirmAction(
        'Replace the key?',
        'The current key stops working and the buyer is e-mailed a new one.',
        'Yes, replace',
      );
      if (!ok) return;
    }
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ error: false, text: await runSaleLicenseAction(transactionId, action) });
      setLicense(await fetchSaleLicense(transactionId));
    } catch (caught) {
      setNotice({ error: true, text: words(caught) });
    } finally {
      setBusy(false);
    }
  };

  if (license === undefined) {
    return (
      <div>
        <button type="button" className={button} disabled={busy} onClick={() => void load()}>
          License key
        </button>
        {notice && (
          <p role="alert" className="text-sm text-red-700">
            {notice.text}
          </p>
        )}
      </div>
    );
  }
  if (license === null) return <p className="text-sm text-slate-600">No license key for this sale.</p>;
  const seats = license.activationLimit === null ? 'no limit' : `limit ${license.activationLimit}`;
  return (
    <div className="space-y-1 text-sm" aria-label="License key">
      {license.key === null ? (
        <p>License key: to be sent (the pool is empty)</p>
      ) : (
        <p className="flex flex-wrap items-center gap-2">
          <LicenseKeyText value={shown ? license.key : maskLicenseKey(license.key)} className="font-mono" />
          <button type="button" className={button} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </p>
      )}
      <p>
        {license.status === 'disabled' ? 'Disabled · ' : ''}
        {license.activations.length} {license.activations.length === 1 ? 'activation' : 'activations'} ({seats})
      </p>
      {license.activations.length > 0 && (
        <ul className="list-disc pl-5">
          {license.activations.map((a) => (
            <li key={a.id}>
              {a.name} · {Number.isNaN(Date.parse(a.at)) ? '' : day.format(new Date(a.at))}
            </li>
          ))}
        </ul>
      )}
      {license.key !== null && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} disabled={busy} onClick={() => void act('reset')}>
            Reset activations
          </button>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => void act(license.status === 'disabled' ? 'enable' : 'disable')}
          >
            {license.status === 'disabled' ? 'Enable' : 'Disable'}
          </button>
          <button type="button" className={button} disabled={busy} onClick={() => void act('replace')}>
            Replace key
          </button>
        </div>
      )}
      {notice && (
        <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'text-red-700' : 'text-green-800'}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
