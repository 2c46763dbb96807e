import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Row from 'antd/es/row';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { REVIEW_STATUSES, type ReviewStatus } from '@eco/contracts/camera-trap';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueExportHrefs, useCameraTrapQueue, useCameraTraps } from '../../../api/camera-trap';
import '../../../i18n/camera-trap';
import { pageParam, useQueryState } from '../use-query-state';
import { PhotoCard } from './PhotoCard';
import { ReviewDrawer } from './ReviewDrawer';

const PAGE_SIZE = 24;
type Filter = ReviewStatus | 'all';
const FILTERS: Filter[] = [...REVIEW_STATUSES, 'all'];

/**
 * The queue as a grid of photo cards (2 across on a phone, up to 6 on a wide screen), filtered by
 * review status (default 待审核) and site, both in the address; a card opens the review drawer,
 * which steps through the cards of the page.
 */
export function QueueTab() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const status = FILTERS.find((f) => f === params.get('status')) ?? 'new';
  const thingId = Number(params.get('thing')) || undefined;
  const page = pageParam(params);
  const queue = useCameraTrapQueue({ ...(status === 'all' ? {} : { status }), ...(thingId ? { thingId } : {}), page, pageSize: PAGE_SIZE });
  const traps = useCameraTraps();
  const [openId, setOpenId] = useState<number | null>(null);
  const items = queue.data?.items ?? [];
  const index = items.findIndex((i) => i.id === openId);
  const exports = queueExportHrefs({ ...(status === 'all' ? {} : { status }), ...(thingId ? { thingId } : {}) });

  return (
    <>
      <div className="ct-filters">
        <Segmented<Filter>
          value={status}
          onChange={(value) => update({ status: value === 'new' ? null : value })}
          options={FILTERS.map((f) => ({ value: f, label: f === 'all' ? t('cameraTrap.allStatuses') : t(`cameraTrap.statuses.${f}`) }))}
          className="ct-statuses"
        />
        <Select<number | undefined>
          allowClear
          placeholder={t('cameraTrap.allSites')}
          aria-label={t('cameraTrap.site')}
          value={thingId}
          onChange={(v) => update({ thing: v })}
          options={(traps.data?.items ?? []).map((th) => ({ value: th.id, label: `${th.name} (${th.code})` }))}
          className="ct-site-filter"
          showSearch={{ optionFilterProp: 'label' }}
        />
        <span className="ct-muted">{t('cameraTrap.total', { total: queue.data?.total ?? 0 })}</span>
        <Button icon={<DownloadOutlined aria-hidden />} href={exports.csv}>
          {t('cameraTrap.exportCsv')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={exports.geojson}>
          {t('cameraTrap.exportGeoJson')}
        </Button>
      </div>
      <Spin spinning={queue.isFetching}>
        {items.length === 0 && !queue.isFetching ? (
          <Empty description={t('cameraTrap.empty')} />
        ) : (
          <Row gutter={[12, 12]}>
            {items.map((item) => (
              <Col key={item.id} xs={12} sm={8} md={8} lg={6} xl={4}>
                <PhotoCard item={item} onOpen={() => setOpenId(item.id)} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {(queue.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          className="ct-pagination"
          current={page}
          pageSize={PAGE_SIZE}
          total={queue.data?.total ?? 0}
          showSizeChanger={false}
          onChange={(p) => update({ page: p }, false)}
        />
      )}
      <ReviewDrawer
        item={index >= 0 ? items[index]! : null}
        onClose={() => setOpenId(null)}
        hasPrevious={index > 0}
        hasNext={index >= 0 && index < items.length - 1}
        onNavigate={(step) => setOpenId(items[index + step]?.id ?? null)}
      />
    </>
  );
}
