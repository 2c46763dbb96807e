/**
 * Registers the accessibility messages (key prefix `a11y.`) with i18n. Imported by the layouts
 * (the display switch is in every header) and the map, so they are there from the first screen.
 */
import { i18n } from './i18n';
import a11yEnUS from './a11y.en-US';
import a11yZhCN from './a11y.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { a11y: a11yZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { a11y: a11yEnUS }, true, true);
