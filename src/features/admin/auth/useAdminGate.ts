import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { loggedIn, loggedOut } from '../../../app/sessionSlice';
import type { AdminInfo } from '../../../lib/admin';
import { watchAuthUser } from '../api/auth';
import { fetchAdmin } from '../api/admins';

/** The admin gate: loading, then an admin (signed in with an admins record) or not (docs/admin.md). */
export type AdminGate = { status: 'loading' } | { status: 'out' } | { status: 'admin'; admin: AdminInfo };

export function useAdminGate(): AdminGate {
  const dispatch = useAppDispatch();
  const [gate, setGate] = useState<AdminGate>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    // Each auth change starts a lookup; only the latest may set the gate.
    let latest = 0;
    void watchAuthUser(async (user) => {
      const call = ++latest;
      if (!user) {
        if (active) {
          dispatch(loggedOut());
          setGate({ status: 'out' });
        }
        return;
      }
      let admin: AdminInfo | null = null;
      try {
        admin = await fetchAdmin(user.uid);
      } catch {
        admin = null;
      }
      if (!active || call !== latest) return;
      if (admin) {
        dispatch(loggedIn(admin));
        setGate({ status: 'admin', admin });
      } else {
        dispatch(loggedOut());
        setGate({ status: 'out' });
      }
    }).then(
      (stop) => {
        if (active) unsubscribe = stop;
        else stop();
      },
      () => {
        if (active) setGate({ status: 'out' });
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [dispatch]);

  return gate;
}
