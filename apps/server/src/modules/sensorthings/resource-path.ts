/**
 * The resource path of a SensorThings request (OGC 18-088 §9.2): an entity set or entity,
 * followed through navigation properties, optionally ending in a property, its `$value`, or
 * `$ref` (`Things(1)/Datastreams(3)/Observations/$ref`, `Things(1)/name/$value`).
 */
import { ENTITY_TYPES, type EntityType, entityTypeOf } from './entities';

/** One step: the entity type reached, how it was reached, and the id picked (if any). */
export interface Step {
  readonly type: EntityType;
  /** the navigation property from the previous step (absent for the first) */
  readonly via?: string;
  /** true when the step names one entity: an id was given, or navigation to one */
  readonly single: boolean;
  readonly id?: number;
}

export interface ResourcePath {
  readonly steps: readonly Step[];
  /** a property of the last (single) entity */
  readonly property?: string;
  /** `$value` after the property: its raw value */
  readonly value?: boolean;
  /** `$ref`: links instead of entities */
  readonly ref?: boolean;
}

/** A path that names nothing served: 404 (not an error of the request's syntax). */
export class PathNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathNotFound';
  }
}

/** The largest `@iot.id` accepted: ids are PostgreSQL integers (Observations: bigint, within JavaScript's safe range). */
const MAX_ID = Number.MAX_SAFE_INTEGER;
const SEGMENT = /^([A-Za-z]+)(?:\((.*)\))?$/;

function idOf(text: string, segment: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text) || Number(text) > MAX_ID) throw new PathNotFound(`${segment}: @iot.id is a positive integer in this service`);
  return Number(text);
}

/**
 * Parses the segments after the version (`['Things(1)', 'Datastreams']`).
 * @throws PathNotFound for an unknown entity set, navigation property or property, an id that
 *   is not a positive integer, an id on a navigation to one entity, or anything after `$value`
 *   or `$ref` (OGC 18-088 §9.2: such a path addresses no resource)
 */
export function parseResourcePath(segments: readonly string[]): ResourcePath {
  const steps: Step[] = [];
  let property: string | undefined;
  let value = false;
  let ref = false;
  for (const [index, segment] of segments.entries()) {
    const last = steps.at(-1);
    if (value || ref) throw new PathNotFound(`nothing follows ${value ? '$value' : '$ref'}`);
    if (segment === '$ref') {
      if (!last || property) throw new PathNotFound('$ref follows an entity or an entity set');
      ref = true;
      continue;
    }
    if (segment === '$value') {
      if (!property) throw new PathNotFound('$value follows a property');
      value = true;
      continue;
    }
    if (property) throw new PathNotFound(`${property} is a property: ${segment} cannot follow it`);
    const match = SEGMENT.exec(segment);
    if (!match) throw new PathNotFound(`${segment} is not a resource of this service`);
    const [, name, id] = match as unknown as [string, string, string | undefined];
    if (index === 0) {
      const type = entityTypeOf(name);
      if (!type) throw new PathNotFound(`${name} is not an entity set of this service`);
      steps.push(id === undefined ? { type, single: false } : { type, single: true, id: idOf(id, segment) });
      continue;
    }
    const navigation = last!.type.navigation[name];
    if (navigation) {
      if (!last!.single) throw new PathNotFound(`${name} follows one entity, not a set (give an id: ${last!.type.set}(id)/${name})`);
      if (!navigation.many && id !== undefined) throw new PathNotFound(`${name} is one entity: it takes no id`);
      steps.push({
        type: ENTITY_TYPES[navigation.target],
        via: name,
        single: !navigation.many || id !== undefined,
        ...(id !== undefined && { id: idOf(id, segment) }),
      });
      continue;
    }
    if (id === undefined && last!.single && (Object.hasOwn(last!.type.properties, name) || name === 'id')) {
      property = name;
      continue;
    }
    throw new PathNotFound(`${last!.type.set} have no navigation property or property ${name}`);
  }
  return { steps, ...(property && { property }), ...(value && { value }), ...(ref && { ref }) };
}
