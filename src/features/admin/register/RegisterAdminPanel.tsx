import { useState } from 'react';
import type { AdminRequest } from '../../../lib/admin';
import { asyncHandler, confirmAction, showError, showSuccess } from '../../../lib/alerts';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { createAccountForOther } from '../api/auth';
import {
  useApproveAdminRequestMutation,
  useCreateAdminMutation,
  useGetAdminRequestsQuery,
  useRejectAdminRequestMutation,
} from '../api/adminsApi';
import { primaryButtonClass } from '../components/AdminForm';
import { RegistrationFields } from '../components/RegistrationFields';
import { useRegistrationForm } from '../components/useRegistrationForm';

function reason(error: unknown): string {
  return isAppError(error) ? error.message : fallbackMessage;
}

/** Register Admin: create an admin, and approve or reject the requests sign-up leaves (docs/admin.md). */
export function RegisterAdminPanel() {
  return (
    <div className="space-y-10">
      <RegisterAdminForm />
      <PendingRequests />
    </div>
  );
}

function RegisterAdminForm() {
  const [createAdmin] = useCreateAdminMutation();
  const { values, setValues, busy, onSubmit } = useRegistrationForm(async (registration) => {
    const user = await createAccountForOther(registration.name, registration.email, registration.password);
    await createAdmin({
      uid: user.uid,
      name: registration.name,
      email: user.email,
      phone: registration.phone,
    }).unwrap();
    return { title: 'Admin registered successfully', text: `${registration.name.trim()} can now sign in.` };
  });

  return (
    <section aria-labelledby="register-admin-heading">
      <h2 id="register-admin-heading" className="text-2xl font-bold text-slate-900">
        Register Admin
      </h2>
      <form className="mt-6 max-w-lg space-y-4" onSubmit={asyncHandler(onSubmit)}>
        <RegistrationFields values={values} onChange={setValues} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
    </section>
  );
}

function PendingRequests() {
  const { data: requests, isLoading, isError, refetch } = useGetAdminRequestsQuery();
  const [approve] = useApproveAdminRequestMutation();
  const [reject] = useRejectAdminRequestMutation();
  const [working, setWorking] = useState<string | null>(null);

  const onApprove = async (request: AdminRequest) => {
    setWorking(request.uid);
    const result = await approve(request);
    setWorking(null);
    if ('error' in result) await showError('Approval failed', reason(result.error));
    else await showSuccess('Request approved', `${request.name} can now sign in.`);
  };

  const onReject = async (request: AdminRequest) => {
    const confirmed = await confirmAction(
      'Reject this request?',
      `${request.name} (${request.email}) will not become an admin.`,
      'Yes, reject',
    );
    if (!confirmed) return;
    setWorking(request.uid);
    const result = await reject(request.uid);
    setWorking(null);
    if ('error' in result) await showError('Rejection failed', reason(result.error));
  };

  return (
    <section aria-labelledby="pending-requests-heading">
      <h2 id="pending-requests-heading" className="text-2xl font-bold text-slate-900">
        Pending Requests
      </h2>
      {isLoading && (
        <p role="status" className="mt-4 text-slate-700">
          Loading requests...
        </p>
      )}
      {isError && (
        <div className="mt-4 space-y-2">
          <p role="alert" className="text-red-700">
            Failed to fetch admin requests.
          </p>
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {requests && requests.length === 0 && <p className="mt-4 text-slate-700">No pending requests.</p>}
      {requests && requests.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Pending requests">
          {requests.map((request) => (
            <li key={request.uid} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{request.name}</p>
                <p className="truncate text-slate-700">{request.email}</p>
                <p className="text-slate-700">{request.phone || 'Not Provided'}</p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  disabled={working === request.uid}
                  aria-label={`Approve ${request.name}`}
                  className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
                  onClick={() => void onApprove(request)}
                >
                  Approve
                </button>
                <button
                  type="button"
                  disabled={working === request.uid}
                  aria-label={`Reject ${request.name}`}
                  className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                  onClick={() => void onReject(request)}
                >
                  Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
