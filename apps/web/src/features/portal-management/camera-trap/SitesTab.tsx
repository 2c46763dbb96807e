import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import type { SiteSpecies } from '@eco/contracts/camera-trap';
import { useTranslation } from 'react-i18next';
import { useSiteSpecies } from '../../../api/camera-trap';
import { currentLocale } from '../../../i18n/i18n';
import '../../../i18n/camera-trap';
import { formatTime } from '../format';
import { LevelTag } from './LevelTag';
import { speciesName } from './species-name';

type Species = SiteSpecies['species'][number];

/** 点位物种名录: per camera trap, the species reviewers confirmed there, level I first, with detections, individuals and the last frame. */
export function SitesTab() {
  const { t } = useTranslation();
  const sites = useSiteSpecies();
  const zh = currentLocale() === 'zh-CN';
  if (sites.isLoading) return <Spin />;
  if (!sites.data || sites.data.length === 0) return <Empty description={t('cameraTrap.sites.empty')} />;
  return (
    <div className="ct-sites">
      {sites.data.map((s) => (
        <Card key={s.site.id} size="small" title={`${s.site.name} (${s.site.code})${s.site.cityName ? ` · ${s.site.cityName}` : ''}`}>
          <Table<Species>
            size="small"
            rowKey="scientificName"
            pagination={false}
            dataSource={s.species}
            scroll={{ x: 520 }}
            columns={[
              {
                title: t('cameraTrap.sites.species'),
                key: 'species',
                render: (_: unknown, sp) => (
                  <span className="ct-species-cell">
                    {speciesName(sp, zh, '')} <LevelTag level={sp.level} />
                  </span>
                ),
              },
              { title: t('cameraTrap.sites.detections'), dataIndex: 'detections', width: 90, align: 'right' },
              { title: t('cameraTrap.sites.individuals'), dataIndex: 'individuals', width: 110, align: 'right' },
              { title: t('cameraTrap.sites.lastSeen'), dataIndex: 'lastSeenAt', width: 150, render: (v: string) => formatTime(v) },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}
