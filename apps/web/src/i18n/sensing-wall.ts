/**
 * Registers the messages of the /stgz wall's map as a table and its critical-alert band (key
 * prefix `wall.`) with i18n. Imported by features/sensing-wall.
 */
import { i18n } from './i18n';
import wallEnUS from './sensing-wall.en-US';
import wallZhCN from './sensing-wall.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { wall: wallZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { wall: wallEnUS }, true, true);
