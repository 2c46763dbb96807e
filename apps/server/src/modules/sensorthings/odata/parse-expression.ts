/**
 * The parser of `$filter` (OGC 18-088 §9.3.3.5) and `$orderby` (§9.3.3.1) expressions: recursive
 * descent over the tokens of lexer.ts, producing the AST of ast.ts.
 *
 * Precedence, loosest first: `or`, `and`, `not`, comparison (`eq ne gt ge lt le`), additive
 * (`add sub`), multiplicative (`mul div mod`), unary minus, then primaries (literals, property
 * paths such as `Datastream/Thing/name`, function calls, parenthesised expressions). Binary
 * operators group to the left. `not` binds looser than comparison, so `not a eq 1` is `not (a eq 1)`.
 */
import type { ArithmeticOp, ComparisonOp, Expr, LogicalOp, OrderBy } from './ast';
import { MAX_NESTING_DEPTH, MAX_OPTION_LENGTH, type OptionContext, optionError, quote, type Token, tokenize } from './lexer';

/**
 * The built-in functions of OGC 18-088 §9.3.3.5.2 (Table 20) with their fewest and most arguments.
 * A Map, not an object, so that `constructor(…)` is an unknown function rather than Object's.
 */
const FUNCTIONS: ReadonlyMap<string, readonly [min: number, max: number]> = new Map<string, readonly [number, number]>([
  // string functions; `contains` is new in v1.1
  ...(['substringof', 'endswith', 'startswith', 'contains', 'indexof', 'concat'] as const).map((n) => [n, [2, 2]] as const),
  ...(['length', 'tolower', 'toupper', 'trim'] as const).map((n) => [n, [1, 1]] as const),
  ['substring', [2, 3]],
  // date functions
  ...(['year', 'month', 'day', 'hour', 'minute', 'second', 'fractionalseconds', 'date', 'time', 'totaloffsetminutes'] as const).map(
    (n) => [n, [1, 1]] as const,
  ),
  ...(['now', 'mindatetime', 'maxdatetime'] as const).map((n) => [n, [0, 0]] as const),
  // math functions
  ...(['round', 'floor', 'ceiling'] as const).map((n) => [n, [1, 1]] as const),
  // geospatial functions
  ['geo.distance', [2, 2]],
  ['geo.length', [1, 1]],
  ['geo.intersects', [2, 2]],
  ...(['st_equals', 'st_disjoint', 'st_touches', 'st_within', 'st_overlaps', 'st_crosses', 'st_intersects', 'st_contains'] as const).map(
    (n) => [n, [2, 2]] as const,
  ),
  ['st_relate', [3, 3]],
]);

const COMPARISON: ReadonlySet<string> = new Set<ComparisonOp>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const ADDITIVE: ReadonlySet<string> = new Set<ArithmeticOp>(['add', 'sub']);
const MULTIPLICATIVE: ReadonlySet<string> = new Set<ArithmeticOp>(['mul', 'div', 'mod']);
/** words that are operators, never operands */
const OPERATORS: ReadonlySet<string> = new Set([...COMPARISON, ...ADDITIVE, ...MULTIPLICATIVE, 'and', 'or', 'not']);

/** The names of the functions `$filter` and `$orderby` accept (OGC 18-088 Table 20), for tests and documentation. */
export const FUNCTION_NAMES: readonly string[] = [...FUNCTIONS.keys()];

/**
 * Parses one `$filter` expression (OGC 18-088 §9.3.3.5; OData 4.0 URL Conventions §5.1.1).
 * @param text the option's value, URL-decoded (`+` and spaces are both white space outside strings)
 * @param option the query parameter the text came from, e.g. `$filter`, named by errors
 * @param context where the text sits when it is part of a larger value (a `$filter` inside `$expand`)
 * @returns the expression's AST (ast.ts `Expr`)
 * @throws QueryOptionError when the text is empty or longer than MAX_OPTION_LENGTH, has a malformed
 *   literal, an unknown function or a wrong number of arguments, unbalanced parentheses, nesting
 *   deeper than MAX_NESTING_DEPTH, or anything after the expression; the message quotes the
 *   offending text and gives its position
 */
export function parseExpression(text: string, option: string, context?: Omit<OptionContext, 'param'>): Expr {
  const parser = new Parser(text, { param: option, label: context?.label ?? option, offset: context?.offset ?? 0 });
  const expr = parser.expression();
  parser.expectEnd('an operator or the end of the expression');
  return expr;
}

/**
 * Parses `$orderby` (OGC 18-088 §9.3.3.1): comma-separated expressions, each optionally followed by
 * `asc` (the default) or `desc`, e.g. `phenomenonTime desc, result`.
 * @param text the option's value, URL-decoded
 * @param option the query parameter the text came from, e.g. `$orderby`
 * @param context where the text sits when it is part of a larger value (inside `$expand`)
 * @returns the sort keys in the order given
 * @throws QueryOptionError as parseExpression does, and when an item is missing (`a,,b`) or is
 *   followed by something other than `asc`, `desc`, `,` or the end
 */
export function parseOrderBy(text: string, option: string, context?: Omit<OptionContext, 'param'>): OrderBy[] {
  const parser = new Parser(text, { param: option, label: context?.label ?? option, offset: context?.offset ?? 0 });
  const items: OrderBy[] = [];
  for (;;) {
    const expr = parser.expression();
    const direction = parser.acceptName('asc') ? 'asc' : parser.acceptName('desc') ? 'desc' : 'asc';
    items.push({ expr, direction });
    if (!parser.acceptPunct(',')) break;
  }
  parser.expectEnd('"asc", "desc", "," or the end of $orderby');
  return items;
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  /** parentheses, arguments, `not`s and minus signs around the cursor (the top level is 0) */
  private depth = -1;

  constructor(
    text: string,
    private readonly ctx: OptionContext,
  ) {
    if (text.length > MAX_OPTION_LENGTH) throw optionError(ctx, `value is ${text.length} characters long, more than the ${MAX_OPTION_LENGTH} allowed`, 0);
    this.tokens = tokenize(text, ctx);
    if (this.peek().kind === 'end') throw optionError(ctx, 'value is empty', 0);
  }

  /** or-expression: the loosest level, entered at the top and inside each parenthesis and argument */
  expression(): Expr {
    this.enter();
    let left = this.and();
    while (this.acceptName('or')) left = binary('or', left, this.and());
    this.depth -= 1;
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.acceptName('and')) left = binary('and', left, this.not());
    return left;
  }

  private not(): Expr {
    if (!this.acceptName('not')) return this.comparison();
    this.enter();
    const operand = this.not();
    this.depth -= 1;
    return { kind: 'not', operand };
  }

  private comparison(): Expr {
    let left = this.additive();
    for (let op = this.operator(COMPARISON); op; op = this.operator(COMPARISON)) left = binary(op as ComparisonOp, left, this.additive());
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (let op = this.operator(ADDITIVE); op; op = this.operator(ADDITIVE)) left = binary(op as ArithmeticOp, left, this.multiplicative());
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    for (let op = this.operator(MULTIPLICATIVE); op; op = this.operator(MULTIPLICATIVE)) left = binary(op as ArithmeticOp, left, this.unary());
    return left;
  }

  /** `-x`: a number or duration literal takes the sign (`-5` is the number −5); anything else is negated */
  private unary(): Expr {
    if (!this.acceptPunct('-')) return this.primary();
    this.enter();
    const operand = this.unary();
    this.depth -= 1;
    if (operand.kind === 'literal' && (operand.type === 'number' || operand.type === 'duration')) {
      if (operand.type === 'number') return { ...operand, value: -operand.value };
      const value = operand.value.startsWith('-') ? operand.value.slice(1) : `-${operand.value}`;
      return { ...operand, value, ms: -operand.ms };
    }
    return { kind: 'negate', operand };
  }

  private primary(): Expr {
    const token = this.next();
    if (token.kind === 'literal') return token.value;
    if (token.kind === 'punct' && token.text === '(') {
      const inner = this.expression();
      this.expectPunct(')', `")" to close the "(" at position ${this.ctx.offset + token.start}`);
      return inner;
    }
    if (token.kind !== 'name' || OPERATORS.has(token.text)) {
      throw optionError(this.ctx, `expected a value, a property or a function but found ${describe(token)}`, token.start);
    }
    if (this.acceptPunct('(')) return this.call(token);
    const path = [token.text];
    while (this.acceptPunct('/')) {
      const segment = this.next();
      if (segment.kind !== 'name' || OPERATORS.has(segment.text))
        throw optionError(this.ctx, `expected a property name after "/" but found ${describe(segment)}`, segment.start);
      path.push(segment.text);
    }
    return { kind: 'property', path };
  }

  /** a function call, after its name and `(` */
  private call(name: Token): Expr {
    const arity = FUNCTIONS.get(name.text);
    if (!arity) throw optionError(this.ctx, `unknown function ${quote(name.text)}`, name.start);
    const args: Expr[] = [];
    if (!this.acceptPunct(')')) {
      do args.push(this.expression());
      while (this.acceptPunct(','));
      this.expectPunct(')', `"," or ")" in the arguments of ${quote(name.text)}`);
    }
    const [min, max] = arity;
    if (args.length < min || args.length > max) {
      const wanted = min === max ? `${min} argument${min === 1 ? '' : 's'}` : `${min} to ${max} arguments`;
      throw optionError(this.ctx, `function ${quote(name.text)} takes ${wanted} but was given ${args.length}`, name.start);
    }
    return { kind: 'call', name: name.text, args };
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw optionError(this.ctx, `expression is nested more than ${MAX_NESTING_DEPTH} levels deep`, this.peek().start);
    }
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  /** the operator word at the cursor when it is one of `ops` (consumed), else undefined */
  private operator(ops: ReadonlySet<string>): string | undefined {
    const token = this.peek();
    if (token.kind !== 'name' || !ops.has(token.text)) return undefined;
    this.index += 1;
    return token.text;
  }

  acceptName(word: string): boolean {
    const token = this.peek();
    if (token.kind !== 'name' || token.text !== word) return false;
    this.index += 1;
    return true;
  }

  acceptPunct(text: string): boolean {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== text) return false;
    this.index += 1;
    return true;
  }

  private expectPunct(text: string, wanted: string): void {
    if (!this.acceptPunct(text)) throw optionError(this.ctx, `expected ${wanted} but found ${describe(this.peek())}`, this.peek().start);
  }

  expectEnd(wanted: string): void {
    const token = this.peek();
    if (token.kind !== 'end') throw optionError(this.ctx, `expected ${wanted} but found ${describe(token)}`, token.start);
  }
}

function binary(op: ComparisonOp | LogicalOp | ArithmeticOp, left: Expr, right: Expr): Expr {
  return { kind: 'binary', op, left, right };
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end of the text' : quote(token.text);
}
