import { useId, useState } from 'react';
import type { MailingAudience } from '../../../../domain/mailings';
import type { AudienceProduct } from './useAudienceProducts';

const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';

/**
 * A list of products to tick, as one group with its own legend: those whose title contains the search,
 * and the ticked ones always.
 */
function ProductChoice({
  legend,
  hint,
  products,
  search,
  chosen,
  onChange,
}: {
  legend: string;
  hint: string;
  products: readonly AudienceProduct[];
  search: string;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const hintId = useId();
  const term = search.trim().toLowerCase();
  const shown = term
    ? products.filter((product) => chosen.includes(product.id) || product.title.toLowerCase().includes(term))
    : products;
  return (
    <fieldset aria-describedby={hintId} className="space-y-1">
      <legend className="font-medium text-slate-900">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      {products.length === 0 ? <p className="text-sm text-slate-600">No products yet.</p> : null}
      {products.length > 0 && shown.length === 0 ? (
        <p className="text-sm text-slate-600">No product title contains “{search.trim()}”.</p>
      ) : null}
      <ul className="max-h-48 space-y-1 overflow-y-auto">
        {shown.map((product) => (
          <li key={product.id}>
            <label className="flex min-h-8 items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(product.id)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, product.id] : chosen.filter((id) => id !== product.id))
                }
              />
              <span className="break-words">{product.title}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Who a mailing goes to (docs/emails.md, 'The audience'): every filter that is set must hold, an empty
 * one does not filter, so with nothing set it goes to everyone who bought.
 */
export function AudienceFields({
  audience,
  products,
  onChange,
}: {
  audience: MailingAudience;
  products: readonly AudienceProduct[];
  onChange: (audience: MailingAudience) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const set = (change: Partial<MailingAudience>) => onChange({ ...audience, ...change });
  // Offered once the store sells a membership (or a reopened e-mail already asks for members).
  const sellsMemberships = products.some((product) => product.pricing?.kind === 'membership');
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-lg font-semibold text-slate-900">Who gets it</legend>
      <label htmlFor={`${id}-search`} className="block font-medium text-slate-900">
        Find a product by title
        <input
          id={`${id}-search`}
          type="search"
          className={inputClass}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <ProductChoice
        legend="Bought any of these products"
        hint="None ticked: everyone who bought anything."
        products={products}
        search={search}
        chosen={audience.boughtAny}
        onChange={(boughtAny) => set({ boughtAny })}
      />
      <ProductChoice
        legend="Did not buy these products"
        hint="Buyers of a product ticked here are left out."
        products={products}
        search={search}
        chosen={audience.notBought}
        onChange={(notBought) => set({ notBought })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <label htmlFor={`${id}-from`} className="font-medium text-slate-900">
          Bought from (Lagos day)
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            value={audience.from ?? ''}
            onChange={(event) => set({ from: event.target.value || null })}
          />
        </label>
        <label htmlFor={`${id}-to`} className="font-medium text-slate-900">
          Bought until (Lagos day)
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            value={audience.to ?? ''}
            onChange={(event) => set({ to: event.target.value || null })}
          />
        </label>
        <label htmlFor={`${id}-currency`} className="font-medium text-slate-900">
          Paid in
          <select
            id={`${id}-currency`}
            className={inputClass}
            value={audience.currency ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              set({ currency: value === 'NGN' || value === 'USD' ? value : null });
            }}
          >
            <option value="">Either currency</option>
            <option value="NGN">NGN (naira)</option>
            <option value="USD">USD (dollars)</option>
          </select>
        </label>
      </div>
      {sellsMemberships || audience.activeMembers ? (
        <div>
          <label className="flex min-h-8 items-center gap-2 font-medium text-slate-900">
            <input
              type="checkbox"
              aria-describedby={`${id}-members-hint`}
              checked={audience.activeMembers}
              onChange={(event) => set({ activeMembers: event.target.checked })}
            />
            Only members whose membership is active
          </label>
          <p id={`${id}-members-hint`} className="text-sm text-slate-600">
            Members whose access is open today: a cancelled membership counts until its paid period ends.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The audience in words, for the sent e-mails' list: 'Bought Freelance Writing · paid in NGN'. */
export function describeAudience(audience: MailingAudience, titleOf: (id: string) => string): string {
  const names = (ids: readonly string[]) => ids.map(titleOf).join(', ');
  const parts = [audience.boughtAny.length > 0 ? `Bought ${names(audience.boughtAny)}` : 'Everyone who bought'];
  if (audience.notBought.length > 0) parts.push(`did not buy ${names(audience.notBought)}`);
  if (audience.from && audience.to) parts.push(`bought ${audience.from} to ${audience.to}`);
  else if (audience.from) parts.push(`bought from ${audience.from}`);
  else if (audience.to) parts.push(`bought until ${audience.to}`);
  if (audience.currency) parts.push(`paid in ${audience.currency}`);
  if (audience.activeMembers) parts.push('members whose membership is active');
  return parts.join(' · ');
}
