/**
 * Registers the messages of the application platform and tools (key prefix `apps.`) with i18n.
 * Imported by the modules that use them, so they travel in those chunks.
 */
import appsEnUS from './applications.en-US';
import { i18n } from './i18n';
import appsZhCN from './applications.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { apps: appsZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { apps: appsEnUS }, true, true);
