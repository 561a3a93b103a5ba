// A purchase's license key in the library (docs/licenses.md): the key, 'Machines using this key: 1 of 3',
// each machine with the day it was activated and a Deactivate button that frees its seat. The API shows
// it only for the signed-in address's own purchases while their access lasts, as the download page does.
import { useEffect, useRef, useState } from 'react';
import type { LibraryLicense } from '../../../../domain/library';
import { LicenseKeyText } from '../../../components/LicenseKeyText';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useDeactivateMachineMutation, useGetPurchaseLicenseQuery } from '../api/libraryApi';

const dayWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const smallButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';

function seats(license: LibraryLicense): string {
  const used = license.activations.length;
  return license.activationLimit === null ? `${used} (no limit)` : `${used} of ${license.activationLimit}`;
}

function activatedOn(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 'Machine' : `Machine · activated ${dayWords.format(new Date(ms))}`;
}

export function PurchaseLicense({ purchaseId, title }: { purchaseId: string; title: string }) {
  const { data, error, isLoading } = useGetPurchaseLicenseQuery(purchaseId);
  const [deactivate, deactivating] = useDeactivateMachineMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  async function free(instanceId: string, name: string) {
    setNotice(null);
    try {
      await deactivate({ id: purchaseId, instanceId }).unwrap();
      setNotice({ error: false, text: `${name} is deactivated: its seat is free.` });
    } catch (failure) {
      setNotice({ error: true, text: isAppError(failure) ? failure.message : fallbackMessage });
    }
  }

  // The pressed button is gone (or failed): the sentence saying what happened takes the focus.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (isLoading) return <p className="mt-3 text-sm text-slate-700">Loading your license key…</p>;
  if (error) {
    return (
      <p role="alert" className="mt-3 text-red-800">
        {isAppError(error) ? error.message : fallbackMessage}
      </p>
    );
  }
  const license = data?.license;
  if (!license) return null;

  return (
    <section aria-label={`License key for ${title}`} className="mt-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">Your license key</h3>
      {license.key === null ? (
        <p className="text-slate-700">Your license key will be sent to you by e-mail shortly.</p>
      ) : (
        <>
          <p>
            <LicenseKeyText value={license.key} className="text-base text-slate-900" />
          </p>
          {license.status === 'disabled' && <p className="text-red-800">The seller has disabled this key.</p>}
          <p className="text-sm text-slate-700">Machines using this key: {seats(license)}</p>
          {license.activations.length > 0 && (
            <ul aria-label={`Machines using your license key for ${title}`} className="mt-2 space-y-2">
              {license.activations.map((machine) => (
                <li key={machine.id} className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <div className="break-words font-medium text-slate-900">{machine.name}</div>
                    <div className="text-sm text-slate-700">{activatedOn(machine.at)}</div>
                  </div>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={deactivating.isLoading}
                    aria-label={`Deactivate ${machine.name}`}
                    onClick={() => void free(machine.id, machine.name)}
                  >
                    Deactivate
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.error ? 'alert' : 'status'}
          className={`mt-2 text-sm ${notice.error ? 'text-red-800' : 'text-green-900'}`}
        >
          {notice.text}
        </p>
      )}
    </section>
  );
}
