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
    const settle = (call: number, admin: AdminInfo | null) => {
      if (!active || call !== latest) return;
      if (admin) {
        dispatch(loggedIn(admin));
        setGate({ status: 'admin', admin });
      } else {
        dispatch(loggedOut());
        setGate({ status: 'out' });
      }
    };
    void watchAuthUser((user) => {
      const call = ++latest;
      if (!user) {
        if (active) {
          dispatch(loggedOut());
          setGate({ status: 'out' });
        }
        return;
      }
      // A failed lookup counts as no admins record.
      fetchAdmin(user.uid).then(
        (admin) => settle(call, admin),
        () => settle(call, null),
      );
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
