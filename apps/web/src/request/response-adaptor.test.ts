import { describe, expect, it } from 'vitest';
import { adaptResponse } from './response-adaptor';

describe('adaptResponse', () => {
  it('reads the data of a success envelope', () => {
    expect(adaptResponse({ success: true, data: { id: 1 } })).toEqual({ success: true, data: { id: 1 } });
  });

  it('reads errorCode, errorMessage, showType and details of a failure envelope', () => {
    const details = [{ field: '/page', message: 'must be >= 1' }];
    expect(adaptResponse({ success: false, errorCode: 'VALIDATION_FAILED', errorMessage: '参数错误', showType: 2, details })).toEqual({
      success: false,
      errorCode: 'VALIDATION_FAILED',
      errorMessage: '参数错误',
      showType: 2,
      details,
    });
  });

  it('drops failure fields of the wrong type', () => {
    expect(adaptResponse({ success: false, errorCode: 7, errorMessage: null, showType: '9' })).toEqual({
      success: false,
      errorCode: undefined,
      errorMessage: undefined,
      showType: undefined,
      details: undefined,
    });
  });

  it('returns null for a body that is not an envelope', () => {
    for (const body of [null, 'ok', 42, [], { data: 1 }, { success: 'true' }]) expect(adaptResponse(body)).toBeNull();
  });
});
