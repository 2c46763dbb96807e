import { describe, expect, it } from 'vitest';
import { VALIDATE_MESSAGES, type ValidateMessages } from './validate-messages';

/** Every message with its path, e.g. `string.max`. */
function flatten(messages: ValidateMessages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else if (value && typeof value === 'object') Object.assign(out, flatten(value as ValidateMessages, `${prefix}${key}.`));
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the generic form messages (docs/request-layer.md §Form messages)', () => {
  const zh = flatten(VALIDATE_MESSAGES['zh-CN']);
  const en = flatten(VALIDATE_MESSAGES['en-US']);

  it('cover required, type, length, range and pattern in both languages', () => {
    for (const path of [
      'required',
      'types.url',
      'types.number',
      'string.len',
      'string.min',
      'string.max',
      'string.range',
      'number.range',
      'pattern.mismatch',
    ]) {
      expect(zh[path], `zh-CN ${path}`).toBeTruthy();
      expect(en[path], `en-US ${path}`).toBeTruthy();
    }
  });

  it('have the same messages in both languages, each naming the field and the same bounds', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const path of Object.keys(zh)) {
      expect(placeholders(en[path]!), path).toEqual(placeholders(zh[path]!));
      expect(zh[path], path).toContain('${label}');
    }
    expect(zh['string.max']).toBe('${label}不能超过 ${max} 个字符');
  });
});
