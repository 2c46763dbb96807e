/**
 * Registers the messages of the government-site basics and site-wide search (key prefix `site.`)
 * with i18n. Imported by the modules that use them (the footer, breadcrumbs and search in the main
 * layout, the regulation drawer, the site settings), so they travel in those chunks.
 */
import { i18n } from './i18n';
import siteEnUS from './site.en-US';
import siteZhCN from './site.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { site: siteZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { site: siteEnUS }, true, true);
