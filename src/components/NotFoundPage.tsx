import { Link } from 'react-router-dom';
import { paths } from '../lib/routes';

export function NotFoundPage({ title = 'Page not found' }: { title?: string }) {
  return (
    <section className="mx-auto max-w-xl px-6 py-32 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800">
        Go to the store home
      </Link>
    </section>
  );
}
