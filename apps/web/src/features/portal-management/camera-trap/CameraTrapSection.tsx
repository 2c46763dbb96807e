import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/camera-trap';
import { useQueryState } from '../use-query-state';
import { QueueTab } from './QueueTab';
import { SitesTab } from './SitesTab';
import { UploadTab } from './UploadTab';
import './camera-trap-section.css';

const TABS = ['queue', 'upload', 'sites'] as const;
type TabKey = (typeof TABS)[number];

/**
 * 红外相机审核 (administrators, editors; docs/camera-trap.md): the review queue as a grid of
 * photos, the batch upload of an SD card's photos, and the species list per site. The tab is in
 * the address (`?tab=`). Editors below the province see the camera traps of their organisation
 * and those under it (the server limits every answer).
 */
export default function CameraTrapSection() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const tab: TabKey = TABS.find((k) => k === params.get('tab')) ?? 'queue';
  const views: Record<TabKey, () => ReactNode> = { queue: () => <QueueTab />, upload: () => <UploadTab />, sites: () => <SitesTab /> };
  return (
    <Card className="ct-section">
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'queue' ? null : key, status: null, thing: null })}
        items={TABS.map((key) => ({ key, label: t(`cameraTrap.tabs.${key}`), children: key === tab ? views[key]() : null }))}
      />
    </Card>
  );
}
