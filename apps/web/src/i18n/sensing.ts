/**
 * Registers the sensing hub's messages (key prefix `sensing.`) with i18n. Imported by the screens
 * that use them (/stgz, /home's figures, /application-tools, the back office sections).
 */
import { i18n } from './i18n';
import sensingEnUS from './sensing.en-US';
import sensingZhCN from './sensing.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { sensing: sensingZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { sensing: sensingEnUS }, true, true);
