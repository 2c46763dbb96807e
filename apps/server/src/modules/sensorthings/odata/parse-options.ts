/**
 * The query options of a SensorThings request (OGC 18-088 §9.3): `$filter`, `$expand`, `$select`,
 * `$orderby`, `$top`, `$skip`, `$count` and `$resultFormat`, parsed into ast.ts `QueryOptions`.
 * Anything else is refused, never ignored (ast.ts `QueryOptionError`): a misspelt or unsupported
 * option silently dropped would answer a different question than the client asked.
 */
import { type Expand, type QueryOptions, QueryOptionError } from './ast';
import { MAX_NESTING_DEPTH, MAX_OPTION_LENGTH, type OptionContext, optionError, quote } from './lexer';
import { parseExpression, parseOrderBy } from './parse-expression';

/** `$top` bounds of the caller (OGC 18-088 §9.3.3.2 leaves both to the service). */
export interface TopLimits {
  /** what the caller uses when `$top` is absent; not applied here */
  readonly defaultTop: number;
  /** the largest `$top` accepted */
  readonly maxTop: number;
}

const OPTIONS = ['$filter', '$expand', '$select', '$orderby', '$top', '$skip', '$count', '$resultFormat'] as const;
type OptionName = (typeof OPTIONS)[number];
const TOP_LEVEL: ReadonlySet<string> = new Set(OPTIONS);
/** inside `$expand( … )` every option but `$resultFormat` (OGC 18-088 §9.3.2.1) */
const NESTED: ReadonlySet<string> = new Set(OPTIONS.filter((name) => name !== '$resultFormat'));
/** `$skip` at most a signed 32-bit integer: far past any result, and a bound the SQL OFFSET always takes */
const MAX_SKIP = 2 ** 31 - 1;
const SELECT_NAME = /^(?:@iot\.id|[A-Za-z_][A-Za-z0-9_]*)$/;
const NAVIGATION = /[A-Za-z_][A-Za-z0-9_]*/y;
// space, and `+`, which form encoding (application/x-www-form-urlencoded) uses for a space
const SPACE = /[ \t\r\n+]/;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Parses the query options of one request (OGC 18-088 §9.3).
 * @param query the query string's parameters, URL-decoded once (not decoded again here); an array is
 *   a parameter given more than once; undefined is absent
 * @param limits `maxTop` bounds `$top` at every level; `defaultTop` is for the caller to apply, so
 *   `top` stays undefined when `$top` is absent
 * @returns the options given, e.g. `{ filter, top: 10, expand: [{ path: ['Datastreams'], options: { top: 1 } }] }`
 * @throws QueryOptionError, `option` naming the query parameter, when a parameter is not one of the
 *   eight options (`$search`, `$format`, `foo`, …), is given twice, is longer than MAX_OPTION_LENGTH
 *   characters or is malformed: `$top` (§9.3.3.2) not plain digits or above `maxTop`, `$skip`
 *   (§9.3.3.3) not plain digits or above 2^31−1, `$count` (§9.3.3.4) not `true`/`false`,
 *   `$resultFormat` not `dataArray` (the Data Array extension), `$select` (§9.3.2.2) not names,
 *   `$filter` (§9.3.3.5), `$orderby` (§9.3.3.1) or `$expand` (§9.3.2.1, nested options included)
 *   not parseable, or nesting deeper than MAX_NESTING_DEPTH
 */
export function parseQueryOptions(query: Record<string, string | string[] | undefined>, limits: TopLimits): QueryOptions {
  const options: Mutable<QueryOptions> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (!TOP_LEVEL.has(name)) throw new QueryOptionError(name, `unsupported query option ${quote(name)}; the supported options are ${OPTIONS.join(', ')}`);
    if (Array.isArray(raw) && raw.length > 1) throw new QueryOptionError(name, `given ${raw.length} times; give it once`);
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined) applyOption(options, name as OptionName, value, { param: name, label: name, offset: 0 }, limits, []);
  }
  return options;
}

/** @param chain the paths of the `$expand` items the option is inside, outermost first */
function applyOption(target: Mutable<QueryOptions>, name: OptionName, value: string, ctx: OptionContext, limits: TopLimits, chain: readonly string[]): void {
  if (value.length > MAX_OPTION_LENGTH) throw optionError(ctx, `value is ${value.length} characters long, more than the ${MAX_OPTION_LENGTH} allowed`, 0);
  switch (name) {
    case '$filter':
      target.filter = parseExpression(value, ctx.param, ctx);
      break;
    case '$orderby':
      target.orderby = parseOrderBy(value, ctx.param, ctx);
      break;
    case '$select':
      target.select = parseSelect(value, ctx);
      break;
    case '$expand':
      target.expand = parseExpand(value, ctx, limits, chain);
      break;
    case '$top':
      target.top = parseInteger(value, ctx, limits.maxTop);
      break;
    case '$skip':
      target.skip = parseInteger(value, ctx, MAX_SKIP);
      break;
    case '$count':
      if (value !== 'true' && value !== 'false') throw optionError(ctx, `expected true or false but found ${quote(value)}`, 0);
      target.count = value === 'true';
      break;
    case '$resultFormat':
      if (value !== 'dataArray') throw optionError(ctx, `the only result format is dataArray, not ${quote(value)}`, 0);
      target.resultFormat = value;
      break;
  }
}

function parseInteger(value: string, ctx: OptionContext, max: number): number {
  if (!/^\d+$/.test(value)) throw optionError(ctx, `expected a non-negative integer in plain digits but found ${quote(value)}`, 0);
  const n = Number(value);
  if (n > max) throw optionError(ctx, `${quote(value)} is more than the maximum (${max})`, 0);
  return n;
}

/** `$select=name,@iot.id` (OGC 18-088 §9.3.2.2): property and navigation names, in the order given */
function parseSelect(value: string, ctx: OptionContext): string[] {
  const names: string[] = [];
  let start = 0;
  for (const item of value.split(',')) {
    const at = skipSpace(item, 0);
    const name = item.slice(at, trimEnd(item));
    if (!SELECT_NAME.test(name)) throw optionError(ctx, name ? `${quote(name)} is not a property or navigation name` : 'expected a name', start + at);
    names.push(name);
    start += item.length + 1;
  }
  return names;
}

/**
 * `$expand` (OGC 18-088 §9.3.2.1): comma-separated navigation paths (`Datastreams/ObservedProperty`),
 * each optionally followed by `( … )` holding its own options separated by `;`.
 * @param chain the paths of the enclosing items (their number is the nesting depth), for messages
 */
function parseExpand(value: string, ctx: OptionContext, limits: TopLimits, chain: readonly string[]): Expand[] {
  if (chain.length >= MAX_NESTING_DEPTH) throw optionError(ctx, `$expand is nested more than ${MAX_NESTING_DEPTH} levels deep`, 0);
  const items: Expand[] = [];
  let i = skipSpace(value, 0);
  if (i === value.length) throw optionError(ctx, 'value is empty', 0);
  for (;;) {
    const path: string[] = [];
    for (;;) {
      NAVIGATION.lastIndex = i;
      const segment = NAVIGATION.exec(value)?.[0];
      if (!segment) throw optionError(ctx, `expected a navigation property but found ${found(value, i)}`, i);
      path.push(segment);
      i += segment.length;
      if (value[i] !== '/') break;
      i += 1;
    }
    i = skipSpace(value, i);
    let options: QueryOptions = {};
    if (value[i] === '(') {
      const close = closingParenthesis(value, i, ctx);
      const inner: OptionContext = { ...ctx, offset: ctx.offset + i + 1 };
      options = parseNestedOptions(value.slice(i + 1, close), inner, limits, [...chain, path.join('/')]);
      i = skipSpace(value, close + 1);
    }
    items.push({ path, options });
    if (i === value.length) return items;
    if (value[i] !== ',') throw optionError(ctx, `expected ",", "(" or the end of $expand but found ${found(value, i)}`, i);
    i = skipSpace(value, i + 1);
  }
}

/** the options inside one `$expand` item's parentheses: `$select=name;$top=2;$expand=…` */
function parseNestedOptions(text: string, ctx: OptionContext, limits: TopLimits, chain: readonly string[]): QueryOptions {
  const options: Mutable<QueryOptions> = {};
  const seen = new Set<string>();
  for (const part of splitOptions(text)) {
    const at = part.start + skipSpace(part.text, 0);
    const eq = part.text.indexOf('=');
    const name = part.text.slice(at - part.start, eq < 0 ? trimEnd(part.text) : eq);
    if (eq < 0) throw optionError(ctx, name ? `expected an option such as $top=1 but found ${quote(name)}` : 'expected an option such as $top=1', at);
    if (!NESTED.has(name)) {
      const why = name === '$resultFormat' ? '$resultFormat is not allowed' : `unsupported query option ${quote(name)}`;
      throw optionError(ctx, `${why} in $expand item ${describeChain(chain)}`, at);
    }
    if (seen.has(name)) throw optionError(ctx, `${name} is given twice in $expand item ${describeChain(chain)}`, at);
    seen.add(name);
    const valueStart = skipSpace(part.text, eq + 1);
    const nested: OptionContext = { param: ctx.param, label: `${name} in $expand item ${describeChain(chain)}`, offset: ctx.offset + part.start + valueStart };
    applyOption(options, name as OptionName, part.text.slice(valueStart, trimEnd(part.text)), nested, limits, chain);
  }
  return options;
}

/**
 * `text` split at the `;` that are outside parentheses and quoted strings. The text is what
 * closingParenthesis found between an item's parentheses, so its quotes and parentheses balance.
 */
function splitOptions(text: string): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  let start = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    // a doubled quote inside a string closes and reopens it, so toggling handles `''`
    if (c === "'") inString = !inString;
    else if (inString) continue;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if ((c === ';' && depth === 0) || c === undefined) {
      parts.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  return parts;
}

/** the index of the `)` that closes the `(` at `open`, skipping quoted strings */
function closingParenthesis(text: string, open: number, ctx: OptionContext): number {
  let depth = 0;
  let quoteAt = -1;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (c === "'") quoteAt = quoteAt < 0 ? i : -1;
    else if (quoteAt >= 0) continue;
    else if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i;
  }
  if (quoteAt >= 0) throw optionError(ctx, `unterminated string ${quote(text.slice(quoteAt))}`, quoteAt);
  throw optionError(ctx, `"(" is never closed: ${quote(text.slice(open))}`, open);
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && SPACE.test(text[i]!)) i += 1;
  return i;
}

/** the index just after the last character of `text` that is not white space */
function trimEnd(text: string): number {
  let end = text.length;
  while (end > 0 && SPACE.test(text[end - 1]!)) end -= 1;
  return end;
}

/** `Things > Datastreams`, or `Things > … > Datastreams > Observations` when deep */
function describeChain(chain: readonly string[]): string {
  return (chain.length > 3 ? [chain[0], '…', ...chain.slice(-2)] : chain).join(' > ');
}

function found(text: string, i: number): string {
  return i >= text.length ? 'the end of the text' : quote(text.slice(i));
}
