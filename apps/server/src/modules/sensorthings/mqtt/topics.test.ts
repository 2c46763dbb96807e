/**
 * The topics of the SensorThings MQTT extension (OGC 18-088 §14.2) as clients write them: what a
 * subscription names (path and `$select`), where a publish creates an Observation, and what is
 * refused with a reason, never read as something else.
 */
import { describe, expect, it } from 'vitest';
import { parseCreateTopic, parseSubscriptionTopic, TopicError } from './topics';

const refusal = (parse: () => unknown): string => {
  try {
    parse();
  } catch (error) {
    if (error instanceof TopicError) return error.message;
    throw error;
  }
  throw new Error('expected a TopicError');
};

describe('parseSubscriptionTopic', () => {
  it('reads entity sets, entities, properties and navigation, in both versions', () => {
    const set = parseSubscriptionTopic('v1.1/Observations');
    expect([set.version, set.path.steps.map((s) => s.type.set), set.options]).toEqual(['v1.1', ['Observations'], {}]);
    const navigation = parseSubscriptionTopic('v1.0/Datastreams(12)/Observations');
    expect(navigation.version).toBe('v1.0');
    expect(navigation.path.steps.map((s) => [s.type.set, s.id])).toEqual([
      ['Datastreams', 12],
      ['Observations', undefined],
    ]);
    expect(parseSubscriptionTopic('v1.1/Things(1)').path.steps[0]).toMatchObject({ single: true, id: 1 });
    expect(parseSubscriptionTopic('v1.1/Things(1)/name').path.property).toBe('name');
    expect(parseSubscriptionTopic('v1.1/Things(1)/Datastreams').path.steps.at(-1)!.type.set).toBe('Datastreams');
  });

  it('takes $select on a set or an entity, as names the entity type has', () => {
    expect(parseSubscriptionTopic('v1.1/Datastreams(12)/Observations?$select=result,phenomenonTime').options).toEqual({
      select: ['result', 'phenomenonTime'],
    });
    expect(parseSubscriptionTopic('v1.1/Things(1)?$select=@iot.id, name').options.select).toEqual(['@iot.id', 'name']);
  });

  it.each([
    ['v1.1/#', /wildcards/],
    ['v1.1/Datastreams(+)/Observations', /wildcards/],
    ['Observations', /starts with the version/],
    ['v1.2/Observations', /starts with the version/],
    ['v1.1', /service root/],
    ['v1.1/Observationz', /not an entity set/],
    ['v1.1/Things(-1)', /positive integer/],
    ['v1.1/Things(1.5)', /positive integer/],
    ['v1.1/Things/Datastreams', /follows one entity/],
    ['v1.1/Things(1)/colour', /no navigation property or property colour/],
    ['v1.1/Things(1)/name/$value', /\$value is not a topic/],
    ['v1.1/Things(1)/Datastreams/$ref', /\$ref is not a topic/],
    ['v1.1/Observations?$top=1', /only query option of a topic is \$select/],
    ['v1.1/Observations?$select=result&$filter=result gt 1', /only query option/],
    ['v1.1/Observations?', /only query option/],
    ['v1.1/Observations?$select=', /\$select/],
    ['v1.1/Observations?$select=name', /Observations have no property or navigation property name/],
    ['v1.1/Things(1)/name?$select=name', /does not apply to a property/],
    ['v1.1/Things(1)//name', /not a resource/],
  ])('refuses %s, saying why', (topic, why) => {
    expect(refusal(() => parseSubscriptionTopic(topic))).toMatch(why);
  });
});

describe('parseCreateTopic', () => {
  it('creates in the Datastream the topic names, or in the one the message names', () => {
    expect(parseCreateTopic('v1.1/Datastreams(12)/Observations')).toEqual({ version: 'v1.1', datastreamId: 12 });
    expect(parseCreateTopic('v1.0/Observations')).toEqual({ version: 'v1.0' });
  });

  it.each([
    'v1.1/Things',
    'v1.1/Datastreams(12)',
    'v1.1/Observations(5)',
    'v1.1/FeaturesOfInterest(3)/Observations',
    'v1.1/Things(1)/Datastreams(12)/Observations',
    'v1.1/Datastreams(12)/Observations?$select=result',
  ])('creates nothing by a publish to %s', (topic) => {
    expect(refusal(() => parseCreateTopic(topic))).toMatch(/Datastreams\(id\)\/Observations/);
  });
});
