// The admin-only Store health routes (docs/admin.md, 'Store health'), for the dashboard's panel and
// `npm run doctor`: POST /api/admin/health/run runs the checks now and answers the report;
// GET /api/admin/health answers the last stored one ({ report: null } before the first run).
import { Router, type RequestHandler } from 'express';
import { answerHttpErrors, failure, handle } from '../lib/httpErrors';
import type { StoreHealth } from './healthService';

export function createHealthRouter({
  requireAdmin,
  health,
  limiter,
  logError,
}: {
  requireAdmin: RequestHandler;
  health: StoreHealth;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const latest = handle(
    async (_req, res) => {
      res.set('Cache-Control', 'no-store').json({ report: await health.latest() });
    },
    (error) =>
      failure('Store health could not be read', error, 500, 'Store health could not be loaded. Please try again.'),
  );
  const run = handle(
    async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await health.run());
    },
    (error) => failure('Store health run failed', error, 500, 'The checks could not be run. Please try again.'),
  );
  const router = Router();
  router.get('/', limiter, requireAdmin, latest);
  router.post('/run', limiter, requireAdmin, run);
  router.use(answerHttpErrors(logError));
  return router;
}
