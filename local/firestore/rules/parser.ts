// The parser of firestore.rules (rules_version 1 or 2). Whatever it does not know is an
// error that names the line and the construct, so the emulator refuses to start rather than guessing.
import {
  ruleMethods,
  typeNames,
  type AllowStatement,
  type BinaryOp,
  type Expr,
  type FunctionDecl,
  type MatchBlock,
  type PathPart,
  type PatternSegment,
  type RuleMethod,
  type Ruleset,
  type TypeName,
} from './ast';
import { Lexer, RulesSyntaxError, type RawPathPart, type Token } from './lexer';

export { RulesSyntaxError };

class Parser {
  private index = 0;
  private version: Ruleset['version'] = 2;

  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private isPunct(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.t === 'punct' && token.v === value;
  }

  private isWord(value: string): boolean {
    const token = this.peek();
    return token.t === 'ident' && token.v === value;
  }

  private fail(message: string, token: Token = this.peek()): never {
    throw new RulesSyntaxError(message, token.pos);
  }

  private describe(token: Token): string {
    switch (token.t) {
      case 'eof':
        return 'the end of the file';
      case 'path':
        return 'a path';
      case 'string':
        return `the string '${token.v}'`;
      default:
        return `'${String(token.v)}'`;
    }
  }

  private expectPunct(value: string): Token {
    if (!this.isPunct(value)) this.fail(`expected '${value}' but found ${this.describe(this.peek())}`);
    return this.next();
  }

  private expectIdent(what: string): string {
    const token = this.next();
    if (token.t !== 'ident') this.fail(`expected ${what} but found ${this.describe(token)}`, token);
    return token.v;
  }

  private expectEnd(): void {
    if (this.peek().t !== 'eof') this.fail(`unsupported construct: ${this.describe(this.peek())}`);
  }

  parseFile(): Ruleset {
    // Without rules_version the file is version 1, Google's default.
    let version: Ruleset['version'] = 1;
    if (this.isWord('rules_version')) {
      this.next();
      this.expectPunct('=');
      const token = this.next();
      if (token.t !== 'string' || (token.v !== '1' && token.v !== '2')) {
        this.fail("rules_version must be '1' or '2'", token);
      }
      version = token.v === '2' ? 2 : 1;
      if (this.isPunct(';')) this.next();
    }
    this.version = version;
    if (!this.isWord('service')) this.fail(`unsupported construct: ${this.describe(this.peek())}`);
    this.next();
    const name = [this.expectIdent('a service name')];
    while (this.isPunct('.')) {
      this.next();
      name.push(this.expectIdent('a service name'));
    }
    if (name.join('.') !== 'cloud.firestore') {
      this.fail(
        `unsupported service '${name.join('.')}': only cloud.firestore`,
        this.tokens[this.index - 1] ?? this.peek(),
      );
    }
    const ruleset: Ruleset = { version, functions: new Map(), matches: [] };
    this.expectPunct('{');
    while (!this.isPunct('}')) {
      if (this.isWord('match')) ruleset.matches.push(this.parseMatch(null));
      else if (this.isWord('function')) this.addFunction(ruleset.functions, this.parseFunction(null, []));
      else this.fail(`unsupported construct in the service block: ${this.describe(this.peek())}`);
    }
    this.next();
    this.expectEnd();
    return ruleset;
  }

  private addFunction(into: Map<string, FunctionDecl>, decl: FunctionDecl): void {
    if (into.has(decl.name)) throw new RulesSyntaxError(`function ${decl.name} is declared twice`, decl.pos);
    into.set(decl.name, decl);
  }

  private parseMatch(parent: MatchBlock | null): MatchBlock {
    const start = this.next();
    const pathToken = this.next();
    if (pathToken.t !== 'path') this.fail(`expected a path after 'match'`, pathToken);
    const pattern: PatternSegment[] = pathToken.parts.map((part, i) => {
      if (part.kind === 'literal') return { kind: 'literal', text: part.text };
      if (part.kind === 'wildcard') {
        if (part.recursive && this.version === 1 && i !== pathToken.parts.length - 1) {
          this.fail(
            "in rules_version 1 a recursive wildcard {name=**} must end the match path (rules_version = '2' allows it anywhere)",
            pathToken,
          );
        }
        return { kind: part.recursive ? 'recursive' : 'wildcard', name: part.name };
      }
      return this.fail('$(...) is not allowed in a match path', pathToken);
    });
    const block: MatchBlock = {
      pattern,
      allows: [],
      functions: new Map(),
      children: [],
      parent,
      pos: start.pos,
    };
    const wildcards = wildcardNames(block);
    this.expectPunct('{');
    while (!this.isPunct('}')) {
      if (this.isWord('match')) block.children.push(this.parseMatch(block));
      else if (this.isWord('function')) this.addFunction(block.functions, this.parseFunction(block, wildcards));
      else if (this.isWord('allow')) block.allows.push(this.parseAllow());
      else this.fail(`unsupported construct in a match block: ${this.describe(this.peek())}`);
    }
    this.next();
    return block;
  }

  private parseAllow(): AllowStatement {
    const start = this.next();
    const methods: RuleMethod[] = [];
    do {
      if (methods.length > 0) this.next();
      const token = this.next();
      if (token.t !== 'ident' || !(ruleMethods as readonly string[]).includes(token.v)) {
        this.fail(`unsupported method ${this.describe(token)} in allow (use ${ruleMethods.join(', ')})`, token);
      }
      methods.push(token.v as RuleMethod);
    } while (this.isPunct(','));
    let condition: Expr | undefined;
    if (this.isPunct(':')) {
      this.next();
      if (!this.isWord('if')) this.fail(`expected 'if' after ':' in allow`);
      this.next();
      condition = this.parseExpr();
    }
    if (this.isPunct(';')) this.next();
    else if (!this.isPunct('}') && !this.isWord('allow') && !this.isWord('match') && !this.isWord('function')) {
      this.fail(`unsupported construct after allow: ${this.describe(this.peek())}`);
    }
    return { methods, condition, pos: start.pos };
  }

  private parseFunction(scope: MatchBlock | null, wildcards: string[]): FunctionDecl {
    const start = this.next();
    const name = this.expectIdent('a function name');
    this.expectPunct('(');
    const params: string[] = [];
    while (!this.isPunct(')')) {
      if (params.length > 0) this.expectPunct(',');
      params.push(this.expectIdent('a parameter name'));
    }
    this.next();
    this.expectPunct('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isWord('let')) {
      this.next();
      const letName = this.expectIdent('a variable name');
      this.expectPunct('=');
      lets.push({ name: letName, value: this.parseExpr() });
      this.expectPunct(';');
    }
    if (!this.isWord('return')) this.fail(`unsupported construct in a function body: ${this.describe(this.peek())}`);
    this.next();
    const body = this.parseExpr();
    if (this.isPunct(';')) this.next();
    this.expectPunct('}');
    return { name, params, lets, body, pos: start.pos, wildcards, scope };
  }

  parseExpr(): Expr {
    const test = this.parseBinary(0);
    if (!this.isPunct('?')) return test;
    this.next();
    const then = this.parseExpr();
    this.expectPunct(':');
    const otherwise = this.parseExpr();
    return { kind: 'ternary', test, then, otherwise, pos: test.pos };
  }

  // Lowest precedence first: ||, &&, == !=, in is, < <= > >=, + -, * / %.
  private static readonly levels: ReadonlyArray<readonly string[]> = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['in', 'is'],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private operatorAt(level: number): string | undefined {
    const token = this.peek();
    const ops = Parser.levels[level] ?? [];
    if (token.t === 'punct' && ops.includes(token.v)) return token.v;
    if (token.t === 'ident' && (token.v === 'in' || token.v === 'is') && ops.includes(token.v)) return token.v;
    return undefined;
  }

  private parseBinary(level: number): Expr {
    if (level >= Parser.levels.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (let op = this.operatorAt(level); op !== undefined; op = this.operatorAt(level)) {
      const opToken = this.next();
      if (op === 'is') {
        const type = this.next();
        if (type.t !== 'ident' || !(typeNames as readonly string[]).includes(type.v)) {
          this.fail(`unsupported type ${this.describe(type)} after 'is'`, type);
        }
        left = { kind: 'is', arg: left, type: type.v as TypeName, pos: opToken.pos };
        continue;
      }
      const right = this.parseBinary(level + 1);
      left = { kind: 'binary', op: op as BinaryOp, left, right, pos: opToken.pos };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const token = this.next();
      const arg = this.parseUnary();
      return { kind: 'unary', op: token.t === 'punct' && token.v === '!' ? '!' : '-', arg, pos: token.pos };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let expr = this.parsePrimary();
    while (true) {
      if (this.isPunct('.')) {
        const dot = this.next();
        expr = { kind: 'member', object: expr, name: this.expectIdent('a field or method name'), pos: dot.pos };
      } else if (this.isPunct('[')) {
        const bracket = this.next();
        const index = this.parseExpr();
        if (this.isPunct(':')) this.fail('range indexes ([a:b]) are not supported');
        this.expectPunct(']');
        expr = { kind: 'index', object: expr, index, pos: bracket.pos };
      } else if (this.isPunct('(')) {
        const paren = this.next();
        const args: Expr[] = [];
        while (!this.isPunct(')')) {
          if (args.length > 0) this.expectPunct(',');
          args.push(this.parseExpr());
        }
        this.next();
        expr = { kind: 'call', callee: expr, args, pos: paren.pos };
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(): Expr {
    const token = this.next();
    const pos = token.pos;
    switch (token.t) {
      case 'int':
        return { kind: 'int', value: token.v, pos };
      case 'float':
        return { kind: 'float', value: token.v, pos };
      case 'string':
        return { kind: 'string', value: token.v, pos };
      case 'path':
        return { kind: 'path', parts: token.parts.map((part) => this.pathPart(part, token)), pos };
      case 'ident':
        if (token.v === 'true' || token.v === 'false') return { kind: 'bool', value: token.v === 'true', pos };
        if (token.v === 'null') return { kind: 'null', pos };
        return { kind: 'ident', name: token.v, pos };
      case 'punct':
        if (token.v === '(') {
          const inner = this.parseExpr();
          this.expectPunct(')');
          return inner;
        }
        if (token.v === '[') {
          const items: Expr[] = [];
          while (!this.isPunct(']')) {
            if (items.length > 0) this.expectPunct(',');
            if (this.isPunct(']')) break;
            items.push(this.parseExpr());
          }
          this.next();
          return { kind: 'list', items, pos };
        }
        if (token.v === '{') {
          const entries: Array<[Expr, Expr]> = [];
          while (!this.isPunct('}')) {
            if (entries.length > 0) this.expectPunct(',');
            if (this.isPunct('}')) break;
            const key = this.parseExpr();
            this.expectPunct(':');
            entries.push([key, this.parseExpr()]);
          }
          this.next();
          return { kind: 'map', entries, pos };
        }
        return this.fail(`unsupported construct in an expression: ${this.describe(token)}`, token);
      default:
        return this.fail(`expected an expression but found ${this.describe(token)}`, token);
    }
  }

  private pathPart(part: RawPathPart, token: Token): PathPart {
    if (part.kind === 'literal') return part;
    if (part.kind === 'wildcard') return this.fail('a {wildcard} is only allowed in a match path', token);
    const inner = new Parser(part.tokens);
    const expr = inner.parseExpr();
    inner.expectEnd();
    return { kind: 'expr', expr };
  }
}

/** The wildcard names a block binds, its parents' first. */
export function wildcardNames(block: MatchBlock | null): string[] {
  const names: string[] = [];
  for (let b = block; b !== null; b = b.parent) {
    names.unshift(
      ...b.pattern.flatMap((segment) => (segment.kind === 'literal' ? [] : [segment.name])).filter(Boolean),
    );
  }
  return names;
}

/** Parses the text of a rules file; throws RulesSyntaxError with the line and column. */
export function parseRules(source: string): Ruleset {
  const { tokens } = new Lexer(source).tokenize(0, false);
  return new Parser(tokens).parseFile();
}
