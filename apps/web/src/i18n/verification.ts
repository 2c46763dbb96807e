/**
 * Registers the messages of field verification (key prefix `verification.`) with i18n. Imported by
 * the screens that use them (the 核查任务 section, the headline on /home and /stgz).
 */
import { i18n } from './i18n';
import verificationEnUS from './verification.en-US';
import verificationZhCN from './verification.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { verification: verificationZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { verification: verificationEnUS }, true, true);
