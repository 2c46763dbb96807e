/**
 * The parsed query options of a SensorThings request (OGC 18-088 §9.3, the OData 4.0 subset the
 * standard adopts): the shapes the parser (parse-*.ts) produces and the SQL builder reads. Pure
 * data, no database.
 */
import type { Geometry } from 'geojson';

/** A literal of `$filter` / `$orderby`. */
export type Literal =
  | { readonly kind: 'literal'; readonly type: 'number'; readonly value: number }
  | { readonly kind: 'literal'; readonly type: 'string'; readonly value: string }
  | { readonly kind: 'literal'; readonly type: 'boolean'; readonly value: boolean }
  | { readonly kind: 'literal'; readonly type: 'null'; readonly value: null }
  /** an ISO 8601 date-time with offset (`2024-01-08T00:00:00Z`, `…+08:00`): `value` is its ISO form, `ms` its epoch milliseconds */
  | { readonly kind: 'literal'; readonly type: 'datetime'; readonly value: string; readonly ms: number }
  /** an ISO 8601 duration (`duration'P1D'` or bare `P1DT2H`): milliseconds */
  | { readonly kind: 'literal'; readonly type: 'duration'; readonly value: string; readonly ms: number }
  /** `geography'POINT(108.9 34.2)'` (WKT, WGS-84 longitude latitude): as GeoJSON */
  | { readonly kind: 'literal'; readonly type: 'geometry'; readonly value: Geometry };

export type ComparisonOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type LogicalOp = 'and' | 'or';
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'mod';

/** An expression of `$filter` (or one `$orderby` item). */
export type Expr =
  | Literal
  /**
   * A property, possibly through navigation properties and into JSON: `result` → `['result']`,
   * `Datastream/Thing/name` → `['Datastream', 'Thing', 'name']`, `properties/owner` →
   * `['properties', 'owner']`. Which segments are navigation is for the builder to decide.
   */
  | { readonly kind: 'property'; readonly path: readonly string[] }
  | { readonly kind: 'binary'; readonly op: ComparisonOp | LogicalOp | ArithmeticOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'not'; readonly operand: Expr }
  /** unary minus of a non-literal (`-result`); `-5` is a number literal */
  | { readonly kind: 'negate'; readonly operand: Expr }
  /** a function of OGC 18-088 Table 20 (lower-case name as written, e.g. `substringof`, `geo.intersects`, `st_within`) */
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expr[] };

export interface OrderBy {
  readonly expr: Expr;
  readonly direction: 'asc' | 'desc';
}

/** One `$expand` item: a navigation path (`Datastreams/ObservedProperty` → two segments) with its own options. */
export interface Expand {
  readonly path: readonly string[];
  readonly options: QueryOptions;
}

/** The query options of one request (or of one `$expand` item). Absent = not given. */
export interface QueryOptions {
  readonly filter?: Expr;
  readonly orderby?: readonly OrderBy[];
  /** property or navigation names, in the order given */
  readonly select?: readonly string[];
  readonly expand?: readonly Expand[];
  readonly top?: number;
  readonly skip?: number;
  readonly count?: boolean;
  readonly resultFormat?: 'dataArray';
}

/**
 * A query option that cannot be understood: the request is refused with 400 and this message
 * (OGC 18-088 §9.3: an unsupported or malformed option is an error, never ignored).
 */
export class QueryOptionError extends Error {
  constructor(
    /** the option, e.g. `$filter` */
    readonly option: string,
    message: string,
    /** the 0-based character position in the option's value, where known */
    readonly position?: number,
  ) {
    super(message);
    this.name = 'QueryOptionError';
  }
}
