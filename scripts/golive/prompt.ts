// Asking in the terminal: one question a line, secrets typed without echo.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

export type Ask = (label: string, options: { secret: boolean; current: string }) => Promise<string>;

export function terminalAsk(): Ask {
  return async (label, { secret, current }) => {
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) process.stdout.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    const shown = current && !secret ? ` [${current}]` : current ? ' [keep the one entered]' : '';
    const question = rl.question(`${label}${shown}: `);
    muted = secret;
    try {
      const answer = (await question).trim();
      if (secret) process.stdout.write('\n');
      return answer || current;
    } finally {
      rl.close();
    }
  };
}
