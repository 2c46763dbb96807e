/**
 * Registers the words of alert rules (key prefix `ruleWords.`: comparators, conditions, durations)
 * with i18n. Imported by components/rule-words.ts.
 */
import { i18n } from './i18n';
import ruleWordsEnUS from './rule-words.en-US';
import ruleWordsZhCN from './rule-words.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { ruleWords: ruleWordsZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { ruleWords: ruleWordsEnUS }, true, true);
