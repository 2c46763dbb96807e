/**
 * Words for an alert rule (issue 13 item 8: words, not codes): its condition and its name in the
 * language on screen, a duration, an observed property's name — for the back office's alerts and
 * rules and for the alerts on /stgz. The words are i18n `ruleWords.*` (i18n/rule-words.*.ts).
 */
import type { i18n as I18n, TFunction } from 'i18next';
import type { AlertComparator } from '@eco/contracts/sensing';
import '../i18n/rule-words';

/** What the words need of an ObservedProperty: the back office's list, or the names a latest value carries (the wall). */
export interface PropertyWords {
  code: string;
  nameZh: string;
  nameEn: string;
  unit: string;
}

const COMPARATOR_WORDS: Record<AlertComparator, string> = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };

/**
 * A span of minutes as people say it, in the largest whole unit: 4320 → 3 天, 180 → 3 小时,
 * 90 → 1 小时 30 分钟, 45 → 45 分钟 (en-US: 3 days, 3 h, 1 h 30 min, 45 min).
 */
export function durationText(t: TFunction, minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return t('ruleWords.days', { count: minutes / 1440 });
  if (minutes >= 60 && minutes % 60 === 0) return t('ruleWords.hours', { count: minutes / 60 });
  if (minutes > 60) return t('ruleWords.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t('ruleWords.minutes', { count: minutes });
}

/** An ObservedProperty's name in the language on screen (`fire_danger_level` → 森林火险等级), or the code when the portal does not know it. */
export function propertyName(i18n: I18n, code: string | null, properties: readonly PropertyWords[] | undefined): string {
  if (code === null) return '—';
  const property = properties?.find((p) => p.code === code);
  if (!property) return code;
  return i18n.language === 'en-US' ? property.nameEn : property.nameZh;
}

/** What an alert rule (or the rule of an alert) watches, as a rule's fields carry it. */
export interface RuleCondition {
  kind: 'threshold' | 'silence';
  observedProperty: string | null;
  comparator: string | null;
  threshold: number | null;
  silentMinutes: number | null;
}

/**
 * A rule's condition in words: `AQI 高于 200`, `PM2.5 不低于 75 µg/m³` (the property's name and
 * unit), `3 小时无数据`; en-US `AQI above 200`, `No data for 3 h`.
 */
export function conditionText(t: TFunction, i18n: I18n, rule: RuleCondition, properties: readonly PropertyWords[] | undefined): string {
  if (rule.kind === 'silence') return t('ruleWords.silentFor', { duration: durationText(t, rule.silentMinutes ?? 0) });
  const unit = properties?.find((p) => p.code === rule.observedProperty)?.unit ?? '';
  const word = COMPARATOR_WORDS[rule.comparator as AlertComparator];
  return t('ruleWords.condition', {
    property: propertyName(i18n, rule.observedProperty, properties),
    comparator: word ? t(`ruleWords.comparators.${word}`) : (rule.comparator ?? ''),
    threshold: rule.threshold ?? '',
    unit: unit ? ` ${unit}` : '',
  });
}

/** Any Han character: a name written (at least partly) in Chinese. */
const HAN = /\p{Script=Han}/u;

/**
 * An alert rule's name in the language on screen. A rule has one name, typed by whoever wrote it
 * (the seeded ones in Chinese, modules/sensing/defaults.ts), and the server keeps no translation:
 * - zh-CN: the name as typed;
 * - en-US: the name as typed when it has no Chinese characters (someone wrote it for English
 *   readers), else the rule's condition in words ({@link conditionText}: `Air quality index above
 *   200`, `No data for 3 h`), which says what the rule watches as the Chinese name does.
 * Used wherever a rule is named (the alert list, the rules, confirmations and messages).
 */
export function ruleName(t: TFunction, i18n: I18n, rule: RuleCondition & { name: string }, properties: readonly PropertyWords[] | undefined): string {
  if (i18n.language !== 'en-US' || !HAN.test(rule.name)) return rule.name;
  return conditionText(t, i18n, rule, properties);
}

/** A comparator in words (`>` → 高于), for a select's options. */
export function comparatorText(t: TFunction, comparator: AlertComparator): string {
  return t(`ruleWords.comparators.${COMPARATOR_WORDS[comparator]}`);
}
