// `npm run setup [-- --no-prompt] [-- --skip-deploy]` (docs/deploy.md).
import { runSetup } from './golive/setup';
import { terminalAsk } from './golive/prompt';

process.exitCode = await runSetup({
  argv: process.argv.slice(2),
  env: process.env,
  dir: process.cwd(),
  write: (text) => process.stdout.write(text),
  ask: terminalAsk(),
});
