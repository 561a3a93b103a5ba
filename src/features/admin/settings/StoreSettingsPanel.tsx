import { useState, type FormEvent } from 'react';
import {
  defaultStoreSettings,
  paystackChannelLabels,
  paystackChannels,
  type PaystackChannel,
  type StoreSettings,
} from '../../../../domain/storeSettings';
import { type AffiliateSettings } from '../../../../domain/affiliates';
import { AffiliateProgramFields } from './AffiliateProgramFields';
import { toAppError } from '../../../lib/errors';
import { useGetStoreSettingsQuery, useSaveStoreSettingsMutation } from '../api/storeSettingsApi';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';

const switches: Array<{ key: 'keepAccessOnPartialRefund' | 'remindersOn'; label: string; hint: string }> = [
  {
    key: 'keepAccessOnPartialRefund',
    label: 'Keep access after a partial refund',
    hint: 'A full refund always ends the buyer’s access. With this on, a partial refund leaves it.',
  },
  {
    key: 'remindersOn',
    label: 'Send one reminder for an unfinished checkout',
    hint: 'One e-mail, an hour later, to a buyer who started paying and did not finish.',
  },
];

/** ?panel=settings: the store's switches (docs/admin.md, 'Store settings'). */
export function StoreSettingsPanel() {
  const settings = useGetStoreSettingsQuery();
  return (
    <section aria-labelledby="settings-heading" className="w-full max-w-2xl space-y-4">
      <h2 id="settings-heading" className="text-2xl font-bold text-slate-900">
        Store settings
      </h2>
      {settings.isLoading ? (
        <p role="status" className="text-slate-700">
          Loading settings...
        </p>
      ) : settings.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700">Settings could not be loaded. {toAppError(settings.error).message}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        // Not keyed on the data: a save refetches the settings, and a form rebuilt from them would drop
        // its 'Settings saved.' and the focus on Save (the draft already is what was stored).
        <SettingsForm initial={settings.data ?? defaultStoreSettings} />
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: StoreSettings }) {
  const [draft, setDraft] = useState(initial);
  const [save, state] = useSaveStoreSettingsMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const result = await save(draft);
    setOutcome(
      'error' in result
        ? { ok: false, text: `Settings could not be saved. ${toAppError(result.error).message}` }
        : { ok: true, text: 'Settings saved.' },
    );
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {switches.map(({ key, label, hint }) => (
        <div key={key} className="rounded-lg p-3 ring-1 ring-slate-200">
          <label className="flex items-center gap-3 font-medium text-slate-900">
            <input
              type="checkbox"
              checked={draft[key]}
              aria-describedby={`${key}-hint`}
              onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.checked }))}
            />
            {label}
          </label>
          <p id={`${key}-hint`} className="mt-1 text-sm text-slate-700">
            {hint}
          </p>
        </div>
      ))}
      <ChannelChoice
        chosen={draft.paystackChannels}
        onChange={(chosen) => setDraft((current) => ({ ...current, paystackChannels: chosen }))}
      />
      <AffiliateProgramFields
        value={draft.affiliates}
        onChange={(affiliates: AffiliateSettings) => setDraft((current) => ({ ...current, affiliates }))}
      />
      <button type="submit" className={primaryButtonClass} disabled={state.isLoading}>
        {state.isLoading ? 'Saving...' : 'Save settings'}
      </button>
      <p role={outcome && !outcome.ok ? 'alert' : 'status'} className={outcome?.ok ? 'text-green-800' : 'text-red-700'}>
        {outcome?.text}
      </p>
    </form>
  );
}

/**
 * Which ways to pay the Paystack popup offers (docs/admin.md, 'Store settings'). The last one left
 * cannot be turned off: a buyer must always have a way to pay.
 */
function ChannelChoice({
  chosen,
  onChange,
}: {
  chosen: PaystackChannel[];
  onChange: (chosen: PaystackChannel[]) => void;
}) {
  const toggle = (channel: PaystackChannel, on: boolean) =>
    onChange(paystackChannels.filter((each) => (each === channel ? on : chosen.includes(each))));
  return (
    <fieldset className="rounded-lg p-3 ring-1 ring-slate-200" aria-describedby="channels-hint">
      <legend className="px-1 font-medium text-slate-900">Ways to pay in the Paystack window</legend>
      <p id="channels-hint" className="mb-2 text-sm text-slate-700">
        What NGN buyers are offered. At least one must stay on.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {paystackChannels.map((channel) => {
          const on = chosen.includes(channel);
          return (
            <label key={channel} className="flex items-center gap-3 text-slate-900">
              <input
                type="checkbox"
                checked={on}
                disabled={on && chosen.length === 1}
                onChange={(event) => toggle(channel, event.target.checked)}
              />
              {paystackChannelLabels[channel]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
