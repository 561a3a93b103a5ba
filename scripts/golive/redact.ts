// Secrets never reach the terminal or the log file: every line goes through one redactor that knows
// each secret value entered or fetched (docs/deploy.md).
export class Redactor {
  private readonly secrets = new Set<string>();

  /** Remembers a secret value; short values (under 4 characters) are too common to hide safely. */
  add(value: string | undefined): void {
    if (value && value.length >= 4) this.secrets.add(value);
  }

  text(line: string): string {
    let out = line;
    // Longest first, so a secret containing another is hidden whole.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
      out = out.split(secret).join('[redacted]');
    }
    return out;
  }
}
