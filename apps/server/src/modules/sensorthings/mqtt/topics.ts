/**
 * The topics of the SensorThings MQTT extension (OGC 18-088 §14.2, 15-078r6 §14.2;
 * docs/sensorthings.md §MQTT): a version, then a resource path as on HTTP (resource-path.ts), for
 * receiving optionally followed by `?$select=…`:
 *
 * - `v1.1/Observations`, `v1.1/Datastreams(12)/Observations` (entity sets, navigation to a set),
 * - `v1.1/Things(1)` (one entity), `v1.1/Things(1)/name` (one property),
 * - `v1.1/Datastreams(12)/Observations?$select=result,phenomenonTime`.
 *
 * Creating: an Observation is published to `v1.1/Datastreams(12)/Observations`, or to
 * `v1.1/Observations` with its Datastream in the message. MQTT topics are taken as they are: no
 * percent-decoding, and no wildcards (`+`, `#` name no SensorThings resource).
 */
import { STA_DEFAULT_TOP, STA_MAX_TOP, STA_VERSIONS, type StaVersion } from '@eco/contracts/sensorthings';
import { type QueryOptions, QueryOptionError } from '../odata/ast';
import { parseQueryOptions } from '../odata/parse-options';
import { assertSelect } from '../read';
import { PathNotFound, parseResourcePath, type ResourcePath } from '../resource-path';

/** A topic that names no SensorThings resource, or names one this server does not serve this way. */
export class TopicError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TopicError';
  }
}

/** A topic to receive on: the resource path it names and its `$select`. */
export interface Topic {
  readonly version: StaVersion;
  readonly path: ResourcePath;
  /** `$select` only (OGC 18-088 §14.2.1: the one query option of a topic) */
  readonly options: QueryOptions;
}

/** Where a publish creates an Observation: the Datastream the topic names, or none (`vX/Observations`). */
export interface CreateTarget {
  readonly version: StaVersion;
  readonly datastreamId?: number;
}

/** The topic's version and the segments of its path, and its query (after `?`), unparsed. */
function split(topic: string): { version: StaVersion; segments: string[]; query: string | undefined } {
  if (/[+#]/.test(topic)) throw new TopicError('wildcards (+, #) are not SensorThings topics: name one resource, e.g. v1.1/Datastreams(1)/Observations');
  const at = topic.indexOf('?');
  const [version, ...segments] = (at < 0 ? topic : topic.slice(0, at)).split('/');
  if (!STA_VERSIONS.includes(version as StaVersion))
    throw new TopicError(`a topic starts with the version (${STA_VERSIONS.join(' or ')}), e.g. v1.1/Observations`);
  if (segments.length === 0) throw new TopicError('the service root is not a topic: name an entity set, an entity or a property');
  return { version: version as StaVersion, segments, query: at < 0 ? undefined : topic.slice(at + 1) };
}

function pathOf(segments: string[]): ResourcePath {
  try {
    return parseResourcePath(segments);
  } catch (error) {
    if (error instanceof PathNotFound) throw new TopicError(error.message);
    throw error;
  }
}

/**
 * Parses a topic to subscribe to.
 * @throws TopicError for a wildcard, a missing or unknown version, a path that names nothing
 *   (unknown entity set or property, an id that is not a positive integer), `$ref` or `$value`, a
 *   query option other than `$select`, or a `$select` naming what the entity type lacks
 */
export function parseSubscriptionTopic(topic: string): Topic {
  const { version, segments, query } = split(topic);
  const path = pathOf(segments);
  if (path.ref || path.value) throw new TopicError(`${path.ref ? '$ref' : '$value'} is not a topic: subscribe to the entities or the property`);
  if (query === undefined) return { version, path, options: {} };
  const params: Record<string, string | string[]> = Object.create(null);
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (name !== '$select') throw new TopicError(`${name || 'an empty option'}: the only query option of a topic is $select`);
    params[name] = eq < 0 ? '' : part.slice(eq + 1);
  }
  try {
    const options = parseQueryOptions(params, { defaultTop: STA_DEFAULT_TOP, maxTop: STA_MAX_TOP });
    if (path.property) throw new TopicError(`$select does not apply to a property (${path.property})`);
    assertSelect(path.steps.at(-1)!.type, options);
    return { version, path, options };
  } catch (error) {
    if (error instanceof QueryOptionError) throw new TopicError(`${error.option}: ${error.message}`);
    throw error;
  }
}

/**
 * Parses the topic of a publish that creates an Observation (OGC 18-088 §14.2.2):
 * `vX/Datastreams(id)/Observations`, or `vX/Observations` (the message names the Datastream).
 * @throws TopicError for any other topic (creating other entity types is not supported)
 */
export function parseCreateTopic(topic: string): CreateTarget {
  const { version, segments, query } = split(topic);
  const hint = `publish an Observation to ${version}/Datastreams(id)/Observations or ${version}/Observations; nothing else is created by MQTT`;
  if (query !== undefined) throw new TopicError(`a topic to publish to has no query options; ${hint}`);
  const { steps, property, ref, value } = pathOf(segments);
  const last = steps.at(-1)!;
  if (property || ref || value || last.type.set !== 'Observations' || last.id !== undefined) throw new TopicError(hint);
  if (steps.length === 1) return { version };
  if (steps.length === 2 && steps[0]!.type.set === 'Datastreams') return { version, datastreamId: steps[0]!.id! };
  throw new TopicError(hint);
}
