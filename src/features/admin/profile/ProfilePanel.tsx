import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { adminInfoUpdated } from '../../../app/sessionSlice';
import type { AdminInfo } from '../../../lib/admin';
import { asyncHandler, showError } from '../../../lib/alerts';
import { useGetAdminQuery, useUpdateAdminPhoneMutation } from '../api/adminsApi';
import { inputClass } from '../../../components/FormField';

const phoneUpdateFailed = 'Failed to update phone number.';

function joinedDate(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

const smallButton =
  'rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';

/** Profile (docs/admin.md): the signed-in admin's record; only the phone can be changed (the rules' limit). */
export function ProfilePanel({ admin }: { admin: AdminInfo }) {
  const dispatch = useAppDispatch();
  // The gate's record is enough to show at once; the query keeps it fresh after an edit.
  const { data } = useGetAdminQuery(admin.uid);
  const profile = data ?? admin;
  const [updatePhone, { isLoading: saving }] = useUpdateAdminPhoneMutation();
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  // A save says so in words (docs/admin.md, 'Saves'), and Edit takes the focus back from the form it replaced.
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saved) editButton.current?.focus();
  }, [saved]);

  const initial = (profile.name.trim() || profile.email).charAt(0).toUpperCase() || 'A';

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await updatePhone({ uid: profile.uid, phone });
    if ('error' in result) {
      await showError('Error', phoneUpdateFailed);
      return;
    }
    dispatch(adminInfoUpdated({ phone: phone.trim() }));
    setEditing(false);
    setSaved(true);
  };

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-2xl font-bold text-slate-900">
        Profile
      </h2>
      <div className="mt-6 flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
          data-testid="profile-avatar"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-slate-900">{profile.name.trim() || 'No Name Provided'}</p>
          <p className="truncate text-slate-700">{profile.email}</p>
        </div>
      </div>
      <dl className="mt-6 space-y-4">
        <div>
          <dt className="font-medium text-slate-800">Phone</dt>
          <dd className="mt-1">
            {editing ? (
              <form className="flex flex-wrap items-center gap-2" onSubmit={asyncHandler(save)}>
                <label htmlFor="profile-phone" className="sr-only">
                  Phone number
                </label>
                <input
                  id="profile-phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={30}
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                  className={`${inputClass} max-w-xs`}
                />
                <button type="submit" disabled={saving} className={`${smallButton} bg-brand-700 text-white`}>
                  {saving ? 'Saving...' : 'Save'}
                </button>
                <button
                  type="button"
                  disabled={saving}
                  className={`${smallButton} bg-slate-200 text-slate-900`}
                  onClick={() => setEditing(false)}
                >
                  Cancel
                </button>
              </form>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-slate-900">{profile.phone.trim() || 'Not Provided'}</span>
                <button
                  ref={editButton}
                  type="button"
                  className={`${smallButton} bg-slate-200 text-slate-900`}
                  aria-label="Edit phone number"
                  onClick={() => {
                    setPhone(profile.phone);
                    setSaved(false);
                    setEditing(true);
                  }}
                >
                  Edit
                </button>
              </div>
            )}
            <p role="status" className="mt-1 text-sm text-green-800 empty:hidden">
              {saved ? 'Phone number saved.' : ''}
            </p>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Joined</dt>
          <dd className="mt-1 text-slate-900">{joinedDate(profile.createdAt)}</dd>
        </div>
      </dl>
    </section>
  );
}
