// `npm run doctor [-- --json] [-- --local]` (docs/deploy.md).
import { runDoctor } from './golive/doctor';

process.exitCode = await runDoctor({
  argv: process.argv.slice(2),
  env: process.env,
  dir: process.cwd(),
  write: (text) => process.stdout.write(text),
});
