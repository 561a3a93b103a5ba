import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signInLinkParam } from '../../../../domain/library';
import { pageHeads } from '../../../../domain/pageHeads';
import { paths } from '../../../../domain/routes';
import { usePageMeta } from '../../../components/usePageMeta';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useGetLibraryQuery, useSignInWithLinkMutation } from '../api/libraryApi';
import { LibraryList } from './LibraryList';
import { LibraryMailings } from './LibraryMailings';
import { SignInForm } from './SignInForm';

/**
 * /library (docs/library.md): every purchase of the signed-in address in one place. Signed out, it asks
 * for the address and the code mailed to it; the e-mail's one-click link lands here with `?signin=`.
 */
export function LibraryPage() {
  usePageMeta(pageHeads.library);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const link = params.get(signInLinkParam);
  const [signInWithLink, linking] = useSignInWithLinkMutation();
  const [linkError, setLinkError] = useState<string | null>(null);
  const library = useGetLibraryQuery(undefined, { skip: Boolean(link) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const signedIn = Boolean(library.data);

  const usedLink = useRef<string | null>(null);
  useEffect(() => {
    // The link works once: a second run of this effect (StrictMode, a re-render) must not spend it again.
    if (!link || usedLink.current === link) return;
    usedLink.current = link;
    // It leaves the address bar (and the history) either way.
    void signInWithLink({ link })
      .unwrap()
      .catch((failure: unknown) => setLinkError(isAppError(failure) ? failure.message : fallbackMessage))
      .finally(() => void navigate(paths.library, { replace: true }));
  }, [link, navigate, signInWithLink]);

  // Focus follows the page's change between signed in and signed out.
  useEffect(() => {
    headingRef.current?.focus();
  }, [signedIn]);

  const signedOut = library.isError && library.error.code === 'unauthenticated';
  return (
    <section className="mx-auto max-w-3xl px-4 pb-16 pt-24" aria-labelledby="library-heading">
      <h1
        id="library-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-bold text-slate-900 outline-none"
      >
        Your library
      </h1>
      {(library.isLoading || linking.isLoading) && (
        <p role="status" className="mt-6 text-slate-700">
          Loading...
        </p>
      )}
      {linkError && (
        <p role="alert" className="mt-6 text-red-800">
          {linkError}
        </p>
      )}
      {signedOut && (
        <>
          <p className="mt-2 text-slate-700">
            Everything you bought here, in one place. Enter the e-mail address you paid with and we will send you a
            6-digit code to sign in. No password needed.
          </p>
          <SignInForm />
        </>
      )}
      {library.isError && !signedOut && (
        <p role="alert" className="mt-6 text-red-800">
          {library.error.message}
        </p>
      )}
      {library.data && <LibraryList library={library.data} />}
      {library.data && <LibraryMailings />}
    </section>
  );
}
