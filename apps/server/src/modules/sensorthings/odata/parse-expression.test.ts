import { describe, expect, it } from 'vitest';
import { type Expr, QueryOptionError } from './ast';
import { queryOptionErrorOf } from '../../../test/query-option-error';
import { FUNCTION_NAMES, parseExpression, parseOrderBy } from './parse-expression';

const parse = (text: string) => parseExpression(text, '$filter');
const prop = (...path: string[]): Expr => ({ kind: 'property', path });
const num = (value: number): Expr => ({ kind: 'literal', type: 'number', value });
const str = (value: string): Expr => ({ kind: 'literal', type: 'string', value });
const bin = (op: string, left: Expr, right: Expr) => ({ kind: 'binary', op, left, right }) as Expr;

const errorOf = queryOptionErrorOf;

describe('$filter operators (OGC 18-088 §9.3.3.5.1)', () => {
  it.each(['eq', 'ne', 'gt', 'ge', 'lt', 'le'])('parses the comparison %s', (op) => {
    expect(parse(`result ${op} 5`)).toEqual(bin(op, prop('result'), num(5)));
  });

  it.each(['add', 'sub', 'mul', 'div', 'mod'])('parses the arithmetic operator %s', (op) => {
    expect(parse(`result ${op} 2 eq 1`)).toEqual(bin('eq', bin(op, prop('result'), num(2)), num(1)));
  });

  it('parses and, or, not', () => {
    expect(parse('a eq 1 and b eq 2')).toEqual(bin('and', bin('eq', prop('a'), num(1)), bin('eq', prop('b'), num(2))));
    expect(parse('a eq 1 or b eq 2')).toEqual(bin('or', bin('eq', prop('a'), num(1)), bin('eq', prop('b'), num(2))));
    expect(parse('not a')).toEqual({ kind: 'not', operand: prop('a') });
    expect(parse('not not a')).toEqual({ kind: 'not', operand: { kind: 'not', operand: prop('a') } });
  });

  it('binds mul tighter than add', () => {
    expect(parse('a add b mul c')).toEqual(bin('add', prop('a'), bin('mul', prop('b'), prop('c'))));
    expect(parse('a mul b add c')).toEqual(bin('add', bin('mul', prop('a'), prop('b')), prop('c')));
    expect(parse('a sub b mod c div d')).toEqual(bin('sub', prop('a'), bin('div', bin('mod', prop('b'), prop('c')), prop('d'))));
  });

  it('binds not looser than comparison and tighter than and', () => {
    expect(parse('not a eq 1 and b eq 2')).toEqual(bin('and', { kind: 'not', operand: bin('eq', prop('a'), num(1)) }, bin('eq', prop('b'), num(2))));
  });

  it('binds and tighter than or, arithmetic tighter than comparison', () => {
    expect(parse('a or b and c')).toEqual(bin('or', prop('a'), bin('and', prop('b'), prop('c'))));
    expect(parse('a add 1 gt b mul 2')).toEqual(bin('gt', bin('add', prop('a'), num(1)), bin('mul', prop('b'), num(2))));
  });

  it('groups operators of one level to the left', () => {
    expect(parse('a sub b sub c')).toEqual(bin('sub', bin('sub', prop('a'), prop('b')), prop('c')));
    expect(parse('a or b or c')).toEqual(bin('or', bin('or', prop('a'), prop('b')), prop('c')));
  });

  it('lets parentheses override precedence', () => {
    expect(parse('(a add b) mul c')).toEqual(bin('mul', bin('add', prop('a'), prop('b')), prop('c')));
    expect(parse('not (a eq 1 or b eq 2)')).toEqual({ kind: 'not', operand: bin('or', bin('eq', prop('a'), num(1)), bin('eq', prop('b'), num(2))) });
    expect(parse('(((result)))')).toEqual(prop('result'));
  });

  it('binds unary minus tightest: -a mul b is (-a) mul b; -5 is a literal', () => {
    expect(parse('-a mul b')).toEqual(bin('mul', { kind: 'negate', operand: prop('a') }, prop('b')));
    expect(parse('result gt -5')).toEqual(bin('gt', prop('result'), num(-5)));
    expect(parse('- -5')).toEqual(num(5));
    expect(parse('-(a add 1)')).toEqual({ kind: 'negate', operand: bin('add', prop('a'), num(1)) });
  });

  it('reads property paths through navigation and into JSON', () => {
    expect(parse('Datastream/Thing/name')).toEqual(prop('Datastream', 'Thing', 'name'));
    expect(parse("properties/owner eq '西咸新区'")).toEqual(bin('eq', prop('properties', 'owner'), str('西咸新区')));
    expect(parse('id eq 1')).toEqual(bin('eq', prop('id'), num(1)));
  });

  it("takes '+' as white space outside strings, and keeps it inside", () => {
    expect(parse("result+gt+5+and+name+eq+'a+b'")).toEqual(bin('and', bin('gt', prop('result'), num(5)), bin('eq', prop('name'), str('a+b'))));
  });
});

describe('$filter functions (OGC 18-088 Table 20)', () => {
  const CALLS: [string, string][] = [
    ['substringof', "substringof('PM', name)"],
    ['endswith', "endswith(name, '2.5')"],
    ['startswith', "startswith(name, 'PM')"],
    ['contains', "contains(name, 'PM')"],
    ['length', 'length(name)'],
    ['indexof', "indexof(name, 'M')"],
    ['substring', 'substring(name, 1)'],
    ['tolower', 'tolower(name)'],
    ['toupper', 'toupper(name)'],
    ['trim', 'trim(name)'],
    ['concat', "concat(name, '!')"],
    ['year', 'year(phenomenonTime)'],
    ['month', 'month(phenomenonTime)'],
    ['day', 'day(phenomenonTime)'],
    ['hour', 'hour(phenomenonTime)'],
    ['minute', 'minute(phenomenonTime)'],
    ['second', 'second(phenomenonTime)'],
    ['fractionalseconds', 'fractionalseconds(phenomenonTime)'],
    ['date', 'date(phenomenonTime)'],
    ['time', 'time(phenomenonTime)'],
    ['totaloffsetminutes', 'totaloffsetminutes(phenomenonTime)'],
    ['now', 'now()'],
    ['mindatetime', 'mindatetime()'],
    ['maxdatetime', 'maxdatetime()'],
    ['round', 'round(result)'],
    ['floor', 'floor(result)'],
    ['ceiling', 'ceiling(result)'],
    ['geo.distance', "geo.distance(location, geography'POINT(108.9 34.2)')"],
    ['geo.length', 'geo.length(location)'],
    ['geo.intersects', "geo.intersects(location, geography'POINT(108.9 34.2)')"],
    ['st_equals', "st_equals(location, geography'POINT(108.9 34.2)')"],
    ['st_disjoint', "st_disjoint(location, geography'POINT(108.9 34.2)')"],
    ['st_touches', "st_touches(location, geography'POINT(108.9 34.2)')"],
    ['st_within', "st_within(location, geography'POINT(108.9 34.2)')"],
    ['st_overlaps', "st_overlaps(location, geography'POINT(108.9 34.2)')"],
    ['st_crosses', "st_crosses(location, geography'POINT(108.9 34.2)')"],
    ['st_intersects', "st_intersects(location, geography'POINT(108.9 34.2)')"],
    ['st_contains', "st_contains(location, geography'POINT(108.9 34.2)')"],
    ['st_relate', "st_relate(location, geography'POINT(108.9 34.2)', 'T********')"],
  ];

  it('covers every function of the table', () => {
    expect(CALLS.map(([name]) => name).sort()).toEqual([...FUNCTION_NAMES].sort());
  });

  it.each(CALLS)('parses %s', (name, text) => {
    const expr = parse(text);
    expect(expr).toMatchObject({ kind: 'call', name });
    expect(expr.kind === 'call' && expr.args.length).toBe(text.split(',').length - (text.endsWith('()') ? 1 : 0));
  });

  it('parses substring with 3 arguments, and calls inside calls and comparisons', () => {
    expect(parse("tolower(substring(name, 0, 2)) eq 'pm'")).toEqual(
      bin('eq', { kind: 'call', name: 'tolower', args: [{ kind: 'call', name: 'substring', args: [prop('name'), num(0), num(2)] }] }, str('pm')),
    );
  });

  it.each([
    ['length(a, b)', '"length" takes 1 argument but was given 2'],
    ['substring(a)', '"substring" takes 2 to 3 arguments but was given 1'],
    ['substring(a, 1, 2, 3)', '"substring" takes 2 to 3 arguments but was given 4'],
    ['now(a)', '"now" takes 0 arguments but was given 1'],
    ['st_relate(a, b)', '"st_relate" takes 3 arguments but was given 2'],
    ['startswith()', '"startswith" takes 2 arguments but was given 0'],
  ])('refuses %s for its number of arguments', (text, message) => {
    const error = errorOf(() => parse(`result eq ${text}`));
    expect(error.option).toBe('$filter');
    expect(error.message).toBe(`function ${message} at position 10`);
    expect(error.position).toBe(10);
  });

  it.each(['foo(a)', 'Substringof(a, b)', 'constructor(a)', 'geo.within(a, b)'])('refuses the unknown function in %s', (text) => {
    expect(errorOf(() => parse(`x eq 1 and ${text}`)).message).toBe(`unknown function "${text.slice(0, text.indexOf('('))}" at position 11`);
  });
});

describe('$filter literals (each kind in detail: lexer.test.ts)', () => {
  it('reads negative numbers as literals, and negates what is not a literal', () => {
    expect(parse('result gt -1.5e3 and result lt -0.5')).toEqual(bin('and', bin('gt', prop('result'), num(-1500)), bin('lt', prop('result'), num(-0.5))));
    expect(parse('-result lt 5')).toEqual(bin('lt', { kind: 'negate', operand: prop('result') }, num(5)));
  });

  it("reads 'O''Brien' as O'Brien", () => {
    expect(parse("name eq 'O''Brien'")).toEqual(bin('eq', prop('name'), str("O'Brien")));
  });

  it('reads true, false and null', () => {
    expect(parse('true or false')).toEqual(bin('or', { kind: 'literal', type: 'boolean', value: true }, { kind: 'literal', type: 'boolean', value: false }));
    expect(parse('resultTime eq null')).toEqual(bin('eq', prop('resultTime'), { kind: 'literal', type: 'null', value: null }));
  });

  it('reads 2024-01-08T00:00:00+08:00 as 2024-01-07T16:00:00Z in epoch milliseconds', () => {
    expect(parse('phenomenonTime ge 2024-01-08T00:00:00+08:00')).toEqual(
      bin('ge', prop('phenomenonTime'), { kind: 'literal', type: 'datetime', value: '2024-01-08T00:00:00+08:00', ms: Date.UTC(2024, 0, 7, 16) }),
    );
  });

  it('reads durations, bare or quoted, and gives -P1D a negative length', () => {
    const now = { kind: 'call', name: 'now', args: [] } as const;
    expect(parse("now() sub duration'P1D'")).toEqual(bin('sub', now, { kind: 'literal', type: 'duration', value: 'P1D', ms: 86_400_000 }));
    expect(parse('now() add -PT1H')).toEqual(bin('add', now, { kind: 'literal', type: 'duration', value: '-PT1H', ms: -3_600_000 }));
  });

  it("reads geography'POLYGON((…))' as a GeoJSON Polygon", () => {
    expect(parse("st_within(location, geography'POLYGON((108 34, 109 34, 109 35, 108 35, 108 34))')")).toEqual({
      kind: 'call',
      name: 'st_within',
      args: [
        prop('location'),
        {
          kind: 'literal',
          type: 'geometry',
          value: {
            type: 'Polygon',
            coordinates: [
              [
                [108, 34],
                [109, 34],
                [109, 35],
                [108, 35],
                [108, 34],
              ],
            ],
          },
        },
      ],
    });
  });
});

describe('the examples of OGC 18-088 §9.3.3.5', () => {
  it('Datastream/ObservedProperty/name eq ... and result gt 75', () => {
    expect(parse("Datastream/ObservedProperty/name eq 'PM2.5' and result gt 75")).toEqual(
      bin('and', bin('eq', prop('Datastream', 'ObservedProperty', 'name'), str('PM2.5')), bin('gt', prop('result'), num(75))),
    );
  });

  it('geo.intersects with a polygon', () => {
    const expr = parse("geo.intersects(location, geography'POLYGON((108 34, 109 34, 109 35, 108 35, 108 34))')");
    expect(expr).toMatchObject({ kind: 'call', name: 'geo.intersects', args: [prop('location'), { type: 'geometry', value: { type: 'Polygon' } }] });
  });

  it('phenomenonTime ge a date-time', () => {
    expect(parse('phenomenonTime ge 2023-01-20T00:00:00Z')).toMatchObject({ op: 'ge', right: { type: 'datetime', ms: Date.UTC(2023, 0, 20) } });
  });
});

describe('$orderby (OGC 18-088 §9.3.3.1)', () => {
  it('reads comma-separated expressions with asc (the default) or desc', () => {
    expect(parseOrderBy('phenomenonTime desc, result,year(resultTime) asc', '$orderby')).toEqual([
      { expr: prop('phenomenonTime'), direction: 'desc' },
      { expr: prop('result'), direction: 'asc' },
      { expr: { kind: 'call', name: 'year', args: [prop('resultTime')] }, direction: 'asc' },
    ]);
  });

  it.each([
    ['result desc desc', 'expected "asc", "desc", "," or the end of $orderby but found "desc" at position 12'],
    ['result up', 'expected "asc", "desc", "," or the end of $orderby but found "up" at position 7'],
    ['a,,b', 'expected a value, a property or a function but found "," at position 2'],
    ['a,', 'expected a value, a property or a function but found the end of the text at position 2'],
  ])('refuses %s', (text, message) => {
    expect(errorOf(() => parseOrderBy(text, '$orderby')).message).toBe(message);
  });
});

describe('hostile $filter input', () => {
  it.each([
    ["name eq 'O''Brien", "unterminated string \"'O''Brien\" at position 8"],
    ['((a)', 'expected ")" to close the "(" at position 0 but found the end of the text at position 4'],
    ['a)', 'expected an operator or the end of the expression but found ")" at position 1'],
    ['result gt 1 2', 'expected an operator or the end of the expression but found "2" at position 12'],
    ['', 'value is empty'],
    ['  ++ ', 'value is empty'],
    ['result gt', 'expected a value, a property or a function but found the end of the text at position 9'],
    ['eq 1', 'expected a value, a property or a function but found "eq"'],
    ['a eq and', 'expected a value, a property or a function but found "and" at position 5'],
    ['a eq not b', 'expected a value, a property or a function but found "not" at position 5'],
    ['a, b', 'expected an operator or the end of the expression but found "," at position 1'],
    ['Datastream/ eq 1', 'expected a property name after "/" but found "eq" at position 12'],
    ['result > 1', 'unexpected character ">" (operators are words: eq, ne, gt, ge, lt, le, and, or, not) at position 7'],
    ['result == 1', 'unexpected character "=" (operators are words: eq, ne, gt, ge, lt, le, and, or, not) at position 7'],
    ['result eq 12abc', 'malformed literal "12abc" at position 10'],
    ["t eq duration'P1Y'", 'duration "P1Y" has years, months or weeks; give days, hours, minutes and seconds only at position 5'],
  ])('refuses %j', (text, message) => {
    const error = errorOf(() => parse(text));
    expect(error).toBeInstanceOf(QueryOptionError);
    expect(error.option).toBe('$filter');
    expect(error.message).toBe(message);
    expect(error.position).toBe(Number(/at position (\d+)$/.exec(message)?.[1] ?? 0));
  });

  it('accepts 100 nested parentheses and refuses 101', () => {
    expect(parse(`${'('.repeat(100)}a${')'.repeat(100)}`)).toEqual(prop('a'));
    expect(errorOf(() => parse(`${'('.repeat(101)}a${')'.repeat(101)}`)).message).toBe('expression is nested more than 100 levels deep at position 101');
  });

  it('refuses deep nesting of parentheses, function calls, not and minus with an error, not a stack overflow', () => {
    for (const text of [
      `${'('.repeat(3000)}a${')'.repeat(3000)}`,
      `${'round('.repeat(1000)}a${')'.repeat(1000)}`,
      `${'not '.repeat(1500)}a`,
      `${'-'.repeat(5000)}a`,
    ]) {
      expect(errorOf(() => parse(text)).message).toMatch(/nested more than 100 levels deep/);
    }
  });

  it('refuses 10 000 nested parentheses and any text over 8 000 characters for its length', () => {
    expect(errorOf(() => parse(`${'('.repeat(10_000)}a${')'.repeat(10_000)}`)).message).toBe('value is 20001 characters long, more than the 8000 allowed');
    const longest = `name eq '${'x'.repeat(7990)}'`;
    expect(longest).toHaveLength(8000);
    expect(parse(longest)).toMatchObject({ op: 'eq' });
  });

  it('names the query parameter and places positions in it when the text is part of a larger value', () => {
    const error = errorOf(() => parseExpression('result gt 1 2', '$expand', { label: '$filter in $expand item Datastreams', offset: 20 }));
    expect(error.option).toBe('$expand');
    expect(error.position).toBe(32);
    expect(error.message).toBe('$filter in $expand item Datastreams: expected an operator or the end of the expression but found "2" at position 32');
  });
});
