// The save of a product's settings beside its files (delivery, license keys): what is stored as far as
// the form knows, so a save is refused when another admin changed it since ('This product was changed
// by someone else. Reload it and try again.'), with the saving flag and the error in words.
import { useState } from 'react';
import { toAppError } from '../lib/errors';

export function useGuardedSave<T>(
  initial: T,
  store: (saved: T, next: T) => Promise<void>,
  onSaved: () => void,
): {
  saved: T;
  saving: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  save: (next: T) => Promise<void>;
} {
  const [saved, setSaved] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (next: T) => {
    setError(null);
    setSaving(true);
    try {
      await store(saved, next);
      // The next save is checked against what this one stored.
      setSaved(next);
      onSaved();
    } catch (caught) {
      setError(toAppError(caught).message);
    } finally {
      setSaving(false);
    }
  };
  return { saved, saving, error, setError, save };
}
