// validate(schema) as a route uses it: the handler after it reads the parsed body, typed, with `of(req)`;
// a body that does not pass is answered 400 in words before the handler runs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerHttpErrors, handle, failure, validate } from '../../../../server/lib/httpErrors';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const nameBody = z.object({
  name: z.string({ error: 'Give a name.' }).trim().min(1, { error: 'Give a name.' }),
  copies: z.number().int().default(1),
});

async function start() {
  const logged: string[] = [];
  const nameCheck = validate(nameBody);
  const otherCheck = validate(z.object({ other: z.string() }));
  const router = Router();
  router.post(
    '/named',
    nameCheck,
    handle(
      async (req, res) => {
        const { name, copies } = nameCheck.of(req);
        res.json({ greeting: `Hello ${name}`, copies });
      },
      (error) => failure('Greeting failed', error, 500, 'Something went wrong.'),
    ),
  );
  // A handler reading a check that was never mounted on its route: a failure, never another body.
  router.post(
    '/unchecked',
    nameCheck,
    handle(
      async (req, res) => {
        res.json(otherCheck.of(req));
      },
      (error) => failure('Unchecked body read', error, 500, 'Something went wrong.'),
    ),
  );
  router.use(answerHttpErrors((message) => logged.push(message)));
  const app = express();
  app.use(express.json());
  app.use(router);
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return { post, logged };
}

describe('validate: the parsed body reaches the handler', () => {
  it('hands the handler the parsed body: trimmed, with its defaults', async () => {
    const { post } = await start();
    expect(await post('/named', { name: '  Ada  ', extra: 'dropped' })).toEqual({
      status: 200,
      body: { greeting: 'Hello Ada', copies: 1 },
    });
  });

  it('answers a body that does not pass with 400 in words, before the handler', async () => {
    const { post, logged } = await start();
    expect(await post('/named', { name: '   ' })).toEqual({ status: 400, body: { message: 'Give a name.' } });
    expect(logged).toEqual([]);
  });

  it('refuses to read a body its check did not parse: a logged failure, not the body', async () => {
    const { post, logged } = await start();
    expect(await post('/unchecked', { name: 'Ada', other: 'x' })).toEqual({
      status: 500,
      body: { message: 'Something went wrong.' },
    });
    expect(logged).toEqual(['Unchecked body read']);
  });
});
