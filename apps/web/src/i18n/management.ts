/**
 * Registers the messages of /portal-management (key prefix `pm.`) with i18n. Imported by that
 * screen's module, so they travel in its chunk instead of every page's first load.
 */
import { i18n } from './i18n';
import pmEnUS from './management.en-US';
import pmZhCN from './management.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { pm: pmZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { pm: pmEnUS }, true, true);
