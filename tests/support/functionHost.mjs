// Hosts the built API function as the Functions Framework does, in its own process, so the bundle
// can run on another Node major than the tests (plain JavaScript: no loader needed on that Node).
// Before the function runs, the host has already parsed every body (JSON, text, urlencoded,
// anything else raw, 1 GB limit) and kept the bytes in req.rawBody, and it trusts X-Forwarded-For.
// Usage: node functionHost.mjs <bundle index.js>; prints {"port", "node"} as one JSON line once it
// listens. The environment is the function's.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import express from 'express';

const bundle = process.argv[2];
if (!bundle) throw new Error('Usage: node functionHost.mjs <bundle index.js>');
const { api } = await import(pathToFileURL(bundle).href);

const host = express();
const keepRaw = (req, _res, buf) => {
  req.rawBody = buf;
};
const limit = '1024mb';
host.use(express.json({ type: 'application/cloudevents+json', limit, verify: keepRaw }));
host.use(express.json({ limit, verify: keepRaw }));
host.use(express.text({ limit, verify: keepRaw }));
host.use(express.urlencoded({ limit, extended: true, verify: keepRaw }));
host.use(express.raw({ limit, type: '*/*', verify: keepRaw }));
host.enable('trust proxy');
host.disable('x-powered-by');
host.use((req, res) => api(req, res));

const server = createServer(host);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, node: process.version })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
