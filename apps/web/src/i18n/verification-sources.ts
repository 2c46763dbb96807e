/**
 * Registers the messages of the verification sources (key prefix `verificationSources.`): the
 * county boundary and change-patch cards of /portal-management. Imported by those cards.
 */
import { i18n } from './i18n';
import verificationSourcesEnUS from './verification-sources.en-US';
import verificationSourcesZhCN from './verification-sources.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', { verificationSources: verificationSourcesZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { verificationSources: verificationSourcesEnUS }, true, true);
