import { useEffect, useRef, useState, type RefObject } from 'react';
import { earlySubmitProperty } from '../../domain/pageContracts';

/**
 * A prerendered form is on screen before the app runs (docs/performance.md). What a visitor typed then is
 * in the fields but not in React's state, and a submit pressed then was held by /start.js. After the
 * form's first render this hands the typed values of the named fields to `restore`, and replays a
 * held submit once the restored values are rendered, so nothing typed early is lost or ignored.
 */
export function useEarlyFormInput<Name extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  names: readonly Name[],
  restore: (typed: Partial<Record<Name, string>>) => void,
): void {
  const [replay, setReplay] = useState(false);
  const replayed = useRef(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<Name, string>> = {};
    for (const name of names) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value)
        typed[name] = field.value;
    }
    if (Object.keys(typed).length > 0) restore(typed);
    const held = form as HTMLFormElement & Partial<Record<typeof earlySubmitProperty, boolean>>;
    if (held[earlySubmitProperty]) {
      delete held[earlySubmitProperty];
      setReplay(true);
    }
    // Once, for what happened before the app ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!replay || replayed.current) return;
    replayed.current = true;
    formRef.current?.requestSubmit();
  }, [replay, formRef]);
}
