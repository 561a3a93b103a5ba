// The tokenizer of firestore.rules (rules_version 1 or 2): paths after `match` and the other words that
// take one are read as path tokens, everything else as identifiers, numbers, strings and punctuation.
// Whatever it does not know is an error that names the line, so the emulator refuses to start.
import type { Position } from './ast';

export class RulesSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: Position,
  ) {
    super(`line ${pos.line}, column ${pos.column}: ${message}`);
    this.name = 'RulesSyntaxError';
  }
}

export type RawPathPart =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string; recursive: boolean }
  | { kind: 'expr'; tokens: Token[] };

export type Token =
  | { t: 'ident'; v: string; pos: Position }
  | { t: 'int'; v: bigint; pos: Position }
  | { t: 'float'; v: number; pos: Position }
  | { t: 'string'; v: string; pos: Position }
  | { t: 'punct'; v: string; pos: Position }
  | { t: 'path'; parts: RawPathPart[]; pos: Position }
  | { t: 'eof'; pos: Position };

const punctuation = ['==', '!=', '<=', '>=', '&&', '||', ...'{}()[];,.:?=<>!+-*/%'];
// After these words a `/` starts a path (`match /a`, `return /a`), not a division.
const keywordsBeforePath = new Set(['match', 'return', 'if', 'in', 'is', 'allow', 'let', 'function', 'service']);
const segmentChar = /[A-Za-z0-9_\-.~%]/;
const identStart = /[A-Za-z_]/;
const identChar = /[A-Za-z0-9_]/;
const escapes: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

export class Lexer {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === '\n') this.lineStarts.push(i + 1);
  }

  position(index: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= index) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: index - (this.lineStarts[low] ?? 0) + 1 };
  }

  private fail(message: string, index: number): never {
    throw new RulesSyntaxError(message, this.position(index));
  }

  /** Tokens from `start`; with `insideInterpolation`, up to the `)` that closes a `$(`. */
  tokenize(start: number, insideInterpolation: boolean): { tokens: Token[]; end: number } {
    const { src } = this;
    const tokens: Token[] = [];
    let depth = 0;
    let i = start;
    while (true) {
      // Whitespace and comments.
      const ch = src[i];
      if (ch === undefined) {
        if (insideInterpolation) this.fail("'$(' is never closed", start - 2);
        tokens.push({ t: 'eof', pos: this.position(i) });
        return { tokens, end: i };
      }
      if (/\s/.test(ch)) {
        i++;
        continue;
      }
      if (src.startsWith('//', i)) {
        while (i < src.length && src[i] !== '\n') i++;
        continue;
      }
      if (src.startsWith('/*', i)) {
        const close = src.indexOf('*/', i + 2);
        if (close < 0) this.fail('comment is never closed', i);
        i = close + 2;
        continue;
      }
      const pos = this.position(i);
      if (ch === '/' && !this.endsValue(tokens[tokens.length - 1])) {
        const path = this.readPath(i);
        tokens.push({ t: 'path', parts: path.parts, pos });
        i = path.end;
        continue;
      }
      if (ch === "'" || ch === '"') {
        const str = this.readString(i);
        tokens.push({ t: 'string', v: str.value, pos });
        i = str.end;
        continue;
      }
      if (/[0-9]/.test(ch)) {
        const match = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(src.slice(i)) ?? [''];
        const text = match[0];
        if (identChar.test(src[i + text.length] ?? '')) this.fail(`unsupported number literal`, i);
        if (match[1] !== undefined || match[2] !== undefined) tokens.push({ t: 'float', v: Number(text), pos });
        else tokens.push({ t: 'int', v: BigInt(text), pos });
        i += text.length;
        continue;
      }
      if (identStart.test(ch)) {
        let end = i + 1;
        while (identChar.test(src[end] ?? '')) end++;
        tokens.push({ t: 'ident', v: src.slice(i, end), pos });
        i = end;
        continue;
      }
      const punct = punctuation.find((p) => src.startsWith(p, i));
      if (punct === undefined) this.fail(`unexpected character '${ch}'`, i);
      if (insideInterpolation && punct === '(') depth++;
      if (insideInterpolation && punct === ')') {
        if (depth === 0) {
          tokens.push({ t: 'eof', pos });
          return { tokens, end: i + 1 };
        }
        depth--;
      }
      tokens.push({ t: 'punct', v: punct, pos });
      i += punct.length;
    }
  }

  private endsValue(token: Token | undefined): boolean {
    if (token === undefined) return false;
    if (token.t === 'ident') return !keywordsBeforePath.has(token.v);
    if (token.t === 'punct') return token.v === ')' || token.v === ']';
    return token.t !== 'eof';
  }

  private readString(start: number): { value: string; end: number } {
    const { src } = this;
    const quote = src[start];
    let value = '';
    let i = start + 1;
    while (true) {
      const ch = src[i];
      if (ch === undefined || ch === '\n') this.fail('string is never closed', start);
      if (ch === quote) return { value, end: i + 1 };
      if (ch === '\\') {
        const next = src[i + 1] ?? '';
        if (next === 'u' || next === 'x') {
          const digits = next === 'u' ? 4 : 2;
          const hex = src.slice(i + 2, i + 2 + digits);
          if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) this.fail(`invalid escape \\${next}${hex}`, i);
          value += String.fromCharCode(parseInt(hex, 16));
          i += 2 + digits;
          continue;
        }
        const decoded = escapes[next];
        if (decoded === undefined) this.fail(`unsupported escape '\\${next}' in a string`, i);
        value += decoded;
        i += 2;
        continue;
      }
      value += ch;
      i++;
    }
  }

  // A literal segment is made of segment characters and parenthesized groups of them, as the
  // database id in /databases/(default)/documents. A ')' without its '(' in the same segment is not
  // part of it: in `exists(/a/b)` it closes the call.
  private groupEnd(start: number): number | undefined {
    if (this.src[start] !== '(') return undefined;
    let end = start + 1;
    while (segmentChar.test(this.src[end] ?? '')) end++;
    return this.src[end] === ')' && end > start + 1 ? end + 1 : undefined;
  }

  private literalStep(at: number): number | undefined {
    if (segmentChar.test(this.src[at] ?? '')) return at + 1;
    return this.groupEnd(at);
  }

  private readPath(start: number): { parts: RawPathPart[]; end: number } {
    const { src } = this;
    const parts: RawPathPart[] = [];
    let i = start;
    while (src[i] === '/') {
      i++;
      const ch = src[i] ?? '';
      if (ch === '{') {
        const match = /^\{([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?\}/.exec(src.slice(i));
        if (!match) this.fail('a wildcard is written {name} or {name=**}', i);
        parts.push({ kind: 'wildcard', name: match[1] ?? '', recursive: match[2] !== undefined });
        i += match[0].length;
      } else if (src.startsWith('$(', i)) {
        const inner = this.tokenize(i + 2, true);
        if (inner.tokens.length === 1) this.fail("'$()' needs an expression", i);
        parts.push({ kind: 'expr', tokens: inner.tokens });
        i = inner.end;
      } else if (segmentChar.test(ch) || this.groupEnd(i) !== undefined) {
        let end = i;
        for (let next = this.literalStep(end); next !== undefined; next = this.literalStep(end)) end = next;
        parts.push({ kind: 'literal', text: src.slice(i, end) });
        i = end;
      } else {
        this.fail('a path segment is missing or uses an unsupported character', i);
      }
      const after = src[i] ?? '';
      if (after !== '/' && (segmentChar.test(after) || after === '{' || after === '$')) {
        this.fail('a path segment must be a literal, a {wildcard} or a whole $(expression)', i);
      }
    }
    return { parts, end: i };
  }
}
