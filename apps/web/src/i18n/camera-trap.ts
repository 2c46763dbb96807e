/**
 * Registers the camera-trap review queue's messages (key prefix `cameraTrap.`) with i18n.
 * Imported by the 红外相机审核 section of /portal-management.
 */
import cameraTrapEnUS from './camera-trap.en-US';
import cameraTrapZhCN from './camera-trap.zh-CN';
import { i18n } from './i18n';

i18n.addResourceBundle('zh-CN', 'translation', { cameraTrap: cameraTrapZhCN }, true, true);
i18n.addResourceBundle('en-US', 'translation', { cameraTrap: cameraTrapEnUS }, true, true);
