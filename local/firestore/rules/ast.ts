// The syntax tree of a firestore.rules file, as the parser builds it.

export interface Position {
  line: number;
  column: number;
}

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type PathPart = { kind: 'literal'; text: string } | { kind: 'expr'; expr: Expr };

export type Expr =
  | { kind: 'null'; pos: Position }
  | { kind: 'bool'; value: boolean; pos: Position }
  | { kind: 'int'; value: bigint; pos: Position }
  | { kind: 'float'; value: number; pos: Position }
  | { kind: 'string'; value: string; pos: Position }
  | { kind: 'path'; parts: PathPart[]; pos: Position }
  | { kind: 'list'; items: Expr[]; pos: Position }
  | { kind: 'map'; entries: Array<[Expr, Expr]>; pos: Position }
  | { kind: 'ident'; name: string; pos: Position }
  | { kind: 'member'; object: Expr; name: string; pos: Position }
  | { kind: 'index'; object: Expr; index: Expr; pos: Position }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: Position }
  | { kind: 'unary'; op: '!' | '-'; arg: Expr; pos: Position }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Position }
  | { kind: 'is'; arg: Expr; type: TypeName; pos: Position }
  | { kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr; pos: Position };

export const typeNames = [
  'string',
  'int',
  'float',
  'number',
  'bool',
  'map',
  'list',
  'set',
  'timestamp',
  'duration',
  'path',
  'bytes',
  'latlng',
  'null',
] as const;
export type TypeName = (typeof typeNames)[number];

export const ruleMethods = ['get', 'list', 'create', 'update', 'delete', 'read', 'write'] as const;
export type RuleMethod = (typeof ruleMethods)[number];
/** What a request is checked as: `read` is get + list, `write` is create + update + delete. */
export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr }>;
  body: Expr;
  pos: Position;
  /** The wildcard names of the match blocks around the declaration, which the body may use. */
  wildcards: string[];
  /** The block the function is declared in (its own functions and its parents' are callable). */
  scope: MatchBlock | null;
}

export interface AllowStatement {
  methods: RuleMethod[];
  /** Undefined for a bare `allow read;`, which always allows. */
  condition: Expr | undefined;
  pos: Position;
}

export type PatternSegment =
  { kind: 'literal'; text: string } | { kind: 'wildcard'; name: string } | { kind: 'recursive'; name: string };

export interface MatchBlock {
  pattern: PatternSegment[];
  allows: AllowStatement[];
  functions: Map<string, FunctionDecl>;
  children: MatchBlock[];
  parent: MatchBlock | null;
  pos: Position;
}

export interface Ruleset {
  /**
   * rules_version: 1 when the file does not say (Google's default). It decides how a recursive
   * wildcard matches and whether collection group queries can be allowed at all.
   */
  version: 1 | 2;
  /** Functions declared directly in the service block. */
  functions: Map<string, FunctionDecl>;
  matches: MatchBlock[];
}
