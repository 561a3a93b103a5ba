// What the setup and the doctor print: to the terminal (or a test's buffer) and, for the setup, to a
// log file, both through the redactor.
import { appendFileSync } from 'node:fs';
import type { Redactor } from './redact';

export interface Output {
  line(text: string): void;
}

export function createOutput(write: (text: string) => void, redactor: Redactor, logFile?: string): Output {
  return {
    line(text) {
      const safe = redactor.text(text);
      write(`${safe}\n`);
      if (logFile) appendFileSync(logFile, `${new Date().toISOString()} ${safe}\n`, { mode: 0o600 });
    },
  };
}
