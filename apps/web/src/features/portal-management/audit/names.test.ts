/** The audit log in words: every action and kind of entry the server records is named in both languages. */
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '@eco/contracts/applications';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@eco/contracts/audit';
import { REVIEW_STATUSES } from '@eco/contracts/camera-trap';
import { NOTICE_CATEGORIES } from '@eco/contracts/notices';
import { ALERT_RULE_KINDS, ALERT_SEVERITIES, ALERT_STATUSES, THING_KINDS, THING_STATUSES } from '@eco/contracts/sensing';
import { TASK_STATUSES } from '@eco/contracts/verification';
import { i18n } from '../../../i18n/i18n';
import '../../../i18n/management';
import '../../../i18n/applications';
import '../../../i18n/camera-trap';
import '../../../i18n/notices';
import '../../../i18n/sensing';
import '../../../i18n/verification';
import { labelOr } from '../labels';
import { valueKey } from './value-words';

const LOCALES = ['zh-CN', 'en-US'] as const;
const CJK = /[\u4e00-\u9fff]/;

/** The words at `key` in `locale`, or the code when there are none. */
const word = (locale: string, key: string, code: string) => labelOr(i18n.cloneInstance({ lng: locale }), key, code);

describe('audit actions and entities, named', () => {
  it('names every action the server records, in Chinese and English', () => {
    for (const action of AUDIT_ACTIONS) {
      const zh = word('zh-CN', `pm.audit.actions.${action}`, action);
      const en = word('en-US', `pm.audit.actions.${action}`, action);
      expect(zh, action).toMatch(CJK);
      expect(en, action).not.toBe(action);
      expect(en, action).not.toMatch(CJK);
    }
    expect(word('zh-CN', 'pm.audit.actions.notice.publish', '')).toBe('发布通知公告');
    expect(word('zh-CN', 'pm.audit.actions.thing_key.rotate', '')).toBe('轮换设备密钥');
  });

  it('names every kind of entry, in Chinese and English', () => {
    for (const type of AUDIT_ENTITY_TYPES) {
      expect(word('zh-CN', `pm.audit.entityTypes.${type}`, type), type).toMatch(CJK);
      expect(word('en-US', `pm.audit.entityTypes.${type}`, type), type).not.toBe(type);
    }
  });

  it('names the coded values an entry carries (statuses, kinds, severities, categories) in both languages', () => {
    const cases: [string, string, readonly string[]][] = [
      ['thing', 'kind', THING_KINDS],
      ['thing', 'status', THING_STATUSES],
      ['alert', 'status', ALERT_STATUSES],
      ['alert_rule', 'kind', ALERT_RULE_KINDS],
      ['alert_rule', 'thingKind', THING_KINDS],
      ['alert_rule', 'severity', ALERT_SEVERITIES],
      ['verification_task', 'status', TASK_STATUSES],
      ['detection', 'status', REVIEW_STATUSES],
      ['notice', 'category', NOTICE_CATEGORIES],
      ['application', 'status', APPLICATION_STATUSES],
      ['user', 'role', ['admin', 'editor', 'staff']],
    ];
    for (const [entity, field, values] of cases) {
      for (const value of values) {
        const key = valueKey(entity, field, value);
        expect(key, `${entity}.${field}`).not.toBeNull();
        for (const locale of LOCALES) expect(word(locale, key!, value), `${locale} ${entity}.${field}=${value}`).not.toBe(value);
      }
    }
    expect(word('zh-CN', valueKey('thing', 'kind', 'infrared_camera')!, '')).toBe('红外相机');
  });
});
