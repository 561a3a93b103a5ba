import { Link } from 'react-router-dom';
import { hasCritical } from '../../../../domain/storeHealth';
import { paths } from '../../../../domain/routes';
import { useGetStoreHealthQuery } from '../api/storeHealthApi';

/**
 * The dashboard header's mark (docs/admin.md, 'Store health'): shown while the last report has a
 * critical check, in words as well as red, and a link to the panel.
 */
export function StoreHealthMark() {
  const { data: report } = useGetStoreHealthQuery();
  if (!report || !hasCritical(report.checks)) return null;
  return (
    <Link
      to={`${paths.adminDashboard}?panel=health`}
      className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full bg-white" />
      Store health: critical problem
    </Link>
  );
}
