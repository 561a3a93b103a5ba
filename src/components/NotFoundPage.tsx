import { Link } from 'react-router-dom';
import { paths } from '../../domain/routes';
import { usePageMeta } from './usePageMeta';

export function NotFoundPage({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
}: {
  title?: string;
  message?: string;
}) {
  usePageMeta({ title, noindex: true });
  return (
    <section className="mx-auto max-w-xl px-6 py-32 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <Link
        to={paths.home}
        className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Go to the store home
      </Link>
    </section>
  );
}
