import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { queryOptionErrorOf } from '../../../test/query-option-error';
import { parseQueryOptions } from './parse-options';

const LIMITS = { defaultTop: 100, maxTop: 1000 };
const parse = (query: Record<string, string | string[] | undefined>) => parseQueryOptions(query, LIMITS);
const prop = (...path: string[]): Expr => ({ kind: 'property', path });

const errorOf = queryOptionErrorOf;

describe('the options of a request (OGC 18-088 §9.3)', () => {
  it('gives no options for an empty query, and skips absent ones', () => {
    expect(parse({})).toEqual({});
    expect(parse({ $top: undefined })).toEqual({});
  });

  it('reads all eight options together', () => {
    expect(
      parse({
        $filter: 'result gt 75',
        $expand: 'Datastream',
        $select: 'result,phenomenonTime',
        $orderby: 'phenomenonTime desc',
        $top: '10',
        $skip: '20',
        $count: 'true',
        $resultFormat: 'dataArray',
      }),
    ).toEqual({
      filter: { kind: 'binary', op: 'gt', left: prop('result'), right: { kind: 'literal', type: 'number', value: 75 } },
      expand: [{ path: ['Datastream'], options: {} }],
      select: ['result', 'phenomenonTime'],
      orderby: [{ expr: prop('phenomenonTime'), direction: 'desc' }],
      top: 10,
      skip: 20,
      count: true,
      resultFormat: 'dataArray',
    });
  });

  it.each(['$search', '$format', '$apply', '$Top', 'foo', 'page', ''])('refuses the unsupported option %j', (name) => {
    const error = errorOf(() => parse({ $top: '1', [name]: 'x' }));
    expect(error.option).toBe(name);
    expect(error.message).toBe(
      `unsupported query option "${name}"; the supported options are $filter, $expand, $select, $orderby, $top, $skip, $count, $resultFormat`,
    );
  });

  it('refuses an option given twice, and takes a one-element array as the value', () => {
    const error = errorOf(() => parse({ $top: ['1', '2'] }));
    expect(error.option).toBe('$top');
    expect(error.message).toBe('given 2 times; give it once');
    expect(parse({ $top: ['3'] })).toEqual({ top: 3 });
  });

  it('refuses any value over 8 000 characters, 10 000 nested parentheses included', () => {
    const nested = `${'('.repeat(10_000)}result${')'.repeat(10_000)}`;
    expect(errorOf(() => parse({ $filter: nested })).message).toBe('value is 20006 characters long, more than the 8000 allowed');
    expect(errorOf(() => parse({ $select: 'a,'.repeat(4001) })).option).toBe('$select');
    expect(parse({ $filter: `name eq '${'x'.repeat(7990)}'` }).filter).toMatchObject({ op: 'eq' });
  });
});

describe('$top, $skip, $count, $resultFormat (OGC 18-088 §9.3.3.2–9.3.3.4)', () => {
  it('reads $top in plain digits up to the maximum, leaving it undefined when absent', () => {
    expect(parse({ $top: '0' })).toEqual({ top: 0 });
    expect(parse({ $top: '1000' })).toEqual({ top: 1000 });
    expect(parse({ $skip: '1' }).top).toBeUndefined();
  });

  it('refuses $top above the maximum, saying the maximum', () => {
    const error = errorOf(() => parse({ $top: '1001' }));
    expect(error.option).toBe('$top');
    expect(error.message).toBe('"1001" is more than the maximum (1000)');
    expect(errorOf(() => parse({ $top: '9'.repeat(400) })).message).toContain('more than the maximum (1000)');
  });

  it.each(['-1', '1e3', '', ' 5', '+5', '5.0', '0x10', 'ten', '５'])('refuses $top=%j', (value) => {
    const error = errorOf(() => parse({ $top: value }));
    expect(error.option).toBe('$top');
    expect(error.message).toBe(`expected a non-negative integer in plain digits but found "${value}"`);
  });

  it('reads $skip up to 2^31 − 1 and refuses more or a negative', () => {
    expect(parse({ $skip: '0' })).toEqual({ skip: 0 });
    expect(parse({ $skip: '2147483647' })).toEqual({ skip: 2_147_483_647 });
    expect(errorOf(() => parse({ $skip: '2147483648' })).message).toBe('"2147483648" is more than the maximum (2147483647)');
    expect(errorOf(() => parse({ $skip: '-1' })).option).toBe('$skip');
  });

  it('reads $count true or false only', () => {
    expect(parse({ $count: 'true' })).toEqual({ count: true });
    expect(parse({ $count: 'false' })).toEqual({ count: false });
    for (const value of ['TRUE', '1', '', 'yes']) {
      expect(errorOf(() => parse({ $count: value })).message).toBe(`expected true or false but found "${value}"`);
    }
  });

  it('reads $resultFormat=dataArray only', () => {
    expect(parse({ $resultFormat: 'dataArray' })).toEqual({ resultFormat: 'dataArray' });
    for (const value of ['DataArray', 'json', '']) {
      expect(errorOf(() => parse({ $resultFormat: value })).message).toBe(`the only result format is dataArray, not "${value}"`);
    }
  });
});

describe('$select and $orderby (OGC 18-088 §9.3.2.2, §9.3.3.1)', () => {
  it('reads names in the order given, spaces and + around them ignored', () => {
    expect(parse({ $select: 'name,description,@iot.id,id' })).toEqual({ select: ['name', 'description', '@iot.id', 'id'] });
    expect(parse({ $select: 'name, description,+Datastreams' })).toEqual({ select: ['name', 'description', 'Datastreams'] });
  });

  it.each([
    ['', 'expected a name'],
    ['name,,id', 'expected a name at position 5'],
    ['name,', 'expected a name at position 5'],
    ['Datastream/name', '"Datastream/name" is not a property or navigation name'],
    ['id,na-me', '"na-me" is not a property or navigation name at position 3'],
    ['@iot.selfLink', '"@iot.selfLink" is not a property or navigation name'],
  ])('refuses $select=%j', (value, message) => {
    expect(errorOf(() => parse({ $select: value })).message).toBe(message);
  });

  it('reads $orderby items with their directions', () => {
    expect(parse({ $orderby: 'phenomenonTime desc,result asc, name' }).orderby).toEqual([
      { expr: prop('phenomenonTime'), direction: 'desc' },
      { expr: prop('result'), direction: 'asc' },
      { expr: prop('name'), direction: 'asc' },
    ]);
    expect(errorOf(() => parse({ $orderby: '' })).message).toBe('value is empty');
  });
});

describe('$filter (OGC 18-088 §9.3.3.5)', () => {
  it('reads the examples of the standard', () => {
    expect(parse({ $filter: "Datastream/ObservedProperty/name eq 'PM2.5' and result gt 75" }).filter).toMatchObject({
      op: 'and',
      left: { op: 'eq', left: prop('Datastream', 'ObservedProperty', 'name') },
    });
    expect(parse({ $filter: "geo.intersects(location, geography'POLYGON((108 34, 109 34, 109 35, 108 35, 108 34))')" }).filter).toMatchObject({
      kind: 'call',
      args: [prop('location'), { value: { type: 'Polygon' } }],
    });
    expect(parse({ $filter: 'phenomenonTime ge 2023-01-20T00:00:00Z' }).filter).toMatchObject({ right: { ms: Date.UTC(2023, 0, 20) } });
  });

  it('refuses an empty $filter and trailing garbage, naming the option and position', () => {
    expect(errorOf(() => parse({ $filter: '' })).message).toBe('value is empty');
    const error = errorOf(() => parse({ $filter: 'result gt 1 2' }));
    expect([error.option, error.position]).toEqual(['$filter', 12]);
  });
});

describe('$expand (OGC 18-088 §9.3.2.1)', () => {
  it('reads navigation paths, one or more segments, comma-separated', () => {
    expect(parse({ $expand: 'Datastreams, Locations,Datastreams/ObservedProperty' }).expand).toEqual([
      { path: ['Datastreams'], options: {} },
      { path: ['Locations'], options: {} },
      { path: ['Datastreams', 'ObservedProperty'], options: {} },
    ]);
  });

  it('reads nested options to any depth', () => {
    const query = { $expand: 'Datastreams($select=name;$top=2;$expand=Observations($orderby=phenomenonTime desc;$top=1))' };
    expect(parse(query).expand).toEqual([
      {
        path: ['Datastreams'],
        options: {
          select: ['name'],
          top: 2,
          expand: [{ path: ['Observations'], options: { orderby: [{ expr: prop('phenomenonTime'), direction: 'desc' }], top: 1 } }],
        },
      },
    ]);
  });

  it('reads the example of the standard with $filter, $orderby and $top', () => {
    const expand = parse({ $expand: "Datastreams($filter=ObservedProperty/name eq 'PM2.5';$orderby=phenomenonTime desc;$top=1)" }).expand;
    expect(expand).toMatchObject([
      {
        path: ['Datastreams'],
        options: { filter: { op: 'eq', left: prop('ObservedProperty', 'name') }, orderby: [{ direction: 'desc' }], top: 1 },
      },
    ]);
  });

  it('reads $count, $skip and nested $expand inside items, with + and spaces around', () => {
    expect(parse({ $expand: 'Things( $count=true ;+$skip=3;$expand=Locations( $select=location ) ) , Sensors' }).expand).toEqual([
      { path: ['Things'], options: { count: true, skip: 3, expand: [{ path: ['Locations'], options: { select: ['location'] } }] } },
      { path: ['Sensors'], options: {} },
    ]);
  });

  it('does not split at commas and semicolons inside quoted strings or parentheses', () => {
    const expand = parse({ $expand: "Datastreams($filter=name eq 'a;b),c' and substringof('x,y;', name);$top=1),Locations" }).expand;
    expect(expand).toHaveLength(2);
    expect(expand?.[0]?.options).toMatchObject({
      filter: { op: 'and', left: { right: { value: 'a;b),c' } }, right: { kind: 'call', args: [{ value: 'x,y;' }, prop('name')] } },
      top: 1,
    });
    expect(expand?.[1]).toEqual({ path: ['Locations'], options: {} });
  });

  it("keeps '' inside a nested string", () => {
    const expand = parse({ $expand: "Things($filter=name eq 'O''Brien;)';$top=1)" }).expand;
    expect(expand?.[0]?.options).toMatchObject({ filter: { right: { value: "O'Brien;)" } }, top: 1 });
  });

  it.each([
    ['', 'value is empty'],
    ['Datastreams(', '"(" is never closed: "(" at position 11'],
    ['Datastreams($top=1', '"(" is never closed: "($top=1" at position 11'],
    ["Datastreams($filter=name eq 'a)", 'unterminated string "\'a)" at position 28'],
    ['Datastreams)', 'expected ",", "(" or the end of $expand but found ")" at position 11'],
    ['Datastreams,,Things', 'expected a navigation property but found ",Things" at position 12'],
    ['Datastreams,', 'expected a navigation property but found the end of the text at position 12'],
    ['Datastreams/', 'expected a navigation property but found the end of the text at position 12'],
    ['Datastreams Things', 'expected ",", "(" or the end of $expand but found "Things" at position 12'],
    ['Datastreams()', 'expected an option such as $top=1 at position 12'],
    ['Datastreams($top)', 'expected an option such as $top=1 but found "$top" at position 12'],
    ['Datastreams($top=1;)', 'expected an option such as $top=1 at position 19'],
    ['Datastreams($search=x)', 'unsupported query option "$search" in $expand item Datastreams at position 12'],
    ['Datastreams(top=1)', 'unsupported query option "top" in $expand item Datastreams at position 12'],
    ['Datastreams($resultFormat=dataArray)', '$resultFormat is not allowed in $expand item Datastreams at position 12'],
    ['Datastreams($top=1;$top=2)', '$top is given twice in $expand item Datastreams at position 19'],
    ['Datastreams($top=1001)', '$top in $expand item Datastreams: "1001" is more than the maximum (1000) at position 17'],
    [
      'Things($expand=Datastreams($top=-1))',
      '$top in $expand item Things > Datastreams: expected a non-negative integer in plain digits but found "-1" at position 32',
    ],
    [
      'Things,Datastreams($filter=result gt 1 2)',
      '$filter in $expand item Datastreams: expected an operator or the end of the expression but found "2" at position 39',
    ],
  ])('refuses $expand=%j', (value, message) => {
    const error = errorOf(() => parse({ $expand: value }));
    expect(error.option).toBe('$expand');
    expect(error.message).toBe(message);
    expect(error.position).toBe(Number(/at position (\d+)$/.exec(message)?.[1] ?? 0));
  });

  it('refuses $expand nested deeper than 100 levels with an error, not a stack overflow', () => {
    const nested = (levels: number) => `${'Things($expand='.repeat(levels)}Locations${')'.repeat(levels)}`;
    expect(parse({ $expand: nested(99) }).expand).toHaveLength(1);
    expect(errorOf(() => parse({ $expand: nested(100) })).message).toBe(
      '$expand in $expand item Things > … > Things > Things: $expand is nested more than 100 levels deep at position 1500',
    );
    expect(errorOf(() => parse({ $expand: nested(400) })).message).toContain('nested more than 100 levels deep');
  });
});
