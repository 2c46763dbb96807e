/**
 * The payload validator's checks (`@eco/contracts/sensing-payload`, the schemas the server
 * ingests with): what a person pasting a device's body is told.
 */
import { describe, expect, it } from 'vitest';
import { checkPayload } from '@eco/contracts/sensing-payload';

describe('checking a device payload in the page', () => {
  it('names each malformed item by position and field, and passes the good ones', () => {
    const check = checkPayload(
      'observations',
      JSON.stringify({
        observations: [
          { datastreamId: 1, phenomenonTime: '2024-05-01T08:00:00+08:00', result: 35.2 },
          { datastreamId: 1, phenomenonTime: '2024-05-01T08:00:00+08:00', result: '35' },
          { datastreamId: 0, phenomenonTime: 'yesterday', result: 1 },
          { phenomenonTime: '2024-05-01T08:00:00+08:00', result: 1 },
        ],
      }),
    );
    expect(check).toMatchObject({ ok: true, count: 4 });
    if (!check.ok) return;
    expect(check.problems.map((p) => [p.index, p.path])).toEqual([
      [1, '/result'],
      [2, '/datastreamId'],
      [3, ''],
    ]);
    expect(check.problems[0]!.message).toMatch(/number/);
  });

  it('says when the text is not JSON, not a batch, or too large a batch', () => {
    expect(checkPayload('observations', '{"observations": [')).toMatchObject({ ok: false, problem: 'not-json' });
    expect(checkPayload('observations', '[{"datastreamId": 1}]')).toMatchObject({ ok: false, problem: 'not-batch' });
    expect(checkPayload('detections', '{"observations": [{}]}')).toMatchObject({ ok: false, problem: 'not-batch' });
    const many = JSON.stringify({ observations: Array.from({ length: 10_001 }, () => ({})) });
    expect(checkPayload('observations', many)).toEqual({ ok: false, problem: 'too-many', count: 10_001 });
  });

  it('checks detections: confidence 0–1, a whole count, a scientific name', () => {
    const check = checkPayload(
      'detections',
      JSON.stringify({
        detections: [
          { phenomenonTime: '2024-05-01T03:12:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.94 },
          { phenomenonTime: '2024-05-01T03:12:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 1.5 },
          { phenomenonTime: '2024-05-01T03:12:00+08:00', scientificName: '大熊猫', count: 1.5, confidence: 0.5 },
        ],
      }),
    );
    expect(check.ok && check.problems.map((p) => [p.index, p.path])).toEqual([
      [1, '/confidence'],
      [2, '/scientificName'],
    ]);
  });
});
