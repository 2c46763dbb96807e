/**
 * Registers the messages of notices, regulations editing and documents (key prefix `nt.`) with
 * i18n. Imported by the modules that use them, so they travel in those chunks.
 */
import { i18n } from './i18n';
import ntEnUS from './notices.en-US';
import ntZhCN from './notices.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { nt: ntZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { nt: ntEnUS }, true, true);
