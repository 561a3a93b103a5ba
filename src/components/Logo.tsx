import { Link } from 'react-router-dom';
import { getConfig } from '../lib/config';
import { paths } from '../../domain/routes';

export function Logo() {
  const { storeName } = getConfig().store;
  return (
    <Link
      to={paths.home}
      className="fixed left-3 top-3 z-40 block h-12 w-12 overflow-hidden rounded-full shadow-md ring-2 ring-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
      aria-label={`${storeName} home`}
    >
      <img src="/images/logo.svg" alt={`${storeName} logo`} width={48} height={48} className="h-12 w-12" />
    </Link>
  );
}
