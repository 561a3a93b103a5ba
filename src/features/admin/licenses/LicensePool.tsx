// The seller's pool of license keys on a product's page (docs/licenses.md): how many are left,
// and keys to add, pasted or read from a .txt/.csv file (one per line, up to 10,000). The API refuses a
// key repeated, already in any product's pool or already issued; each refused key is listed with its
// reason in words. Buyers still owed a key are e-mailed one.
import { useId, useState } from 'react';
import { inputClass } from '../../../components/FormField';
import { toAppError } from '../../../lib/errors';
import {
  addPoolKeys,
  maxPoolKeys,
  maxPoolKeyLength,
  poolKeysFrom,
  poolKeysProblem,
  poolResultWords,
  type RefusedPoolKey,
} from '../api/licensePool';
import { productExtrasApi, useGetPoolLeftQuery } from '../api/productExtrasApi';
import { useAppDispatch } from '../../../app/hooks';
import { secondaryButtonClass } from '../../../components/buttonClasses';

/** Larger than 10,000 keys of 200 characters can be: refused before it is read. */
const maxFileBytes = maxPoolKeys * (maxPoolKeyLength + 2);

/** The file's text (FileReader: older browsers lack Blob.text). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('The file could not be read. Please try again.'));
    reader.readAsText(file);
  });
}

/** How many refused keys are listed; the rest are counted. */
const refusedShown = 50;

function RefusedKeys({ refused }: { refused: RefusedPoolKey[] }) {
  const more = refused.length - refusedShown;
  return (
    <div>
      <p className="text-sm font-medium text-slate-900">Keys not added:</p>
      <ul aria-label="Keys not added" className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {refused.slice(0, refusedShown).map(({ key, reason }, i) => (
          <li key={`${i}-${key}`}>
            <code className="break-all">{key}</code>: {reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-sm text-slate-800">and {more.toLocaleString('en-GB')} more.</p> : null}
    </div>
  );
}

function leftWords(left: number): string {
  if (left === 0) return 'The pool is empty: a sale gets its key once you add some (the buyer is e-mailed it).';
  const words = `${left.toLocaleString('en-GB')} ${left === 1 ? 'key' : 'keys'} left in the pool.`;
  return left < 10 ? `${words} Fewer than 10: add more soon.` : words;
}

export function LicensePool({ productId }: { productId: string }) {
  const keysId = useId();
  const fileId = useId();
  const dispatch = useAppDispatch();
  const count = useGetPoolLeftQuery(productId);
  const left = count.data ?? null;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // undefined until the admin's first action: until then a count that failed is the notice.
  const [shown, setNotice] = useState<{ error: boolean; text: string } | null | undefined>(undefined);
  const notice =
    shown === undefined && count.error
      ? { error: true, text: `The pool could not be counted: ${toAppError(count.error).message}` }
      : (shown ?? null);
  const [refused, setRefused] = useState<RefusedPoolKey[]>([]);
  // What the API answered after adding keys is the count now: no second request for it.
  const setLeft = (value: number) =>
    void dispatch(productExtrasApi.util.upsertQueryData('getPoolLeft', productId, value));

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    if (!/\.(txt|csv)$/i.test(file.name)) {
      setNotice({ error: true, text: 'Choose a .txt or .csv file with one key per line.' });
      return;
    }
    if (file.size > maxFileBytes) {
      setNotice({ error: true, text: 'That file is too large: add at most 10,000 keys at once.' });
      return;
    }
    let keys: string[];
    try {
      keys = poolKeysFrom(await readText(file), /\.csv$/i.test(file.name));
    } catch (error) {
      setNotice({ error: true, text: toAppError(error).message });
      return;
    }
    setText(keys.join('\n'));
    setNotice({ error: false, text: `${file.name}: ${keys.length.toLocaleString('en-GB')} keys ready to add.` });
  };

  const add = async () => {
    const keys = poolKeysFrom(text);
    const problem = poolKeysProblem(keys);
    setNotice(problem ? { error: true, text: problem } : null);
    setRefused([]);
    if (problem) return;
    setBusy(true);
    try {
      const result = await addPoolKeys(productId, keys);
      setLeft(result.left);
      setText('');
      setNotice({ error: false, text: poolResultWords(result) });
      setRefused(result.refused);
    } catch (error) {
      setNotice({ error: true, text: error instanceof Error ? error.message : toAppError(error).message });
      // Some chunks may have been added before the failure: count again (the last count stays if that fails).
      await count.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3">
      <p className="font-medium text-slate-900">{left === null ? 'Counting the keys left…' : leftWords(left)}</p>
      <div>
        <label htmlFor={keysId} className="block text-sm font-medium text-slate-800">
          Keys to add, one per line
        </label>
        <textarea
          id={keysId}
          rows={5}
          className={`${inputClass} font-mono`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Or read them from a .txt or .csv file (one key per line, up to 10,000)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          className="block w-full max-w-full text-sm"
          onChange={(event) => {
            void readFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {notice ? (
        <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'text-red-700' : 'text-green-900'}>
          {notice.text}
        </p>
      ) : null}
      {refused.length > 0 ? <RefusedKeys refused={refused} /> : null}
      <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void add()}>
        {busy ? 'Adding keys…' : 'Add keys to the pool'}
      </button>
    </div>
  );
}
