import { useState } from 'react';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { Regulation, RegulationStatus } from '@eco/contracts/regulations';
import { useTranslation } from 'react-i18next';
import { useRegulationMutations, useRegulations } from '../../../api/regulations';
import { RegulationStatusTag } from '../../../components/RegulationStatusTag';
import '../../../i18n/notices';
import { KeywordSearch } from '../KeywordSearch';
import { ListSection } from '../ListSection';
import { pageParam, useQueryState } from '../use-query-state';
import { RegulationFormDrawer } from './RegulationFormDrawer';

const PAGE_SIZE = 10;

/**
 * 技术规范管理 (editors and administrators): the library with keyword search and pages (in the
 * address); adding and editing in a drawer (code validated and unique, documents); repealing one
 * without replacement from today, or reinstating it. Status is derived, never typed.
 */
export default function RegulationsSection() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const keyword = params.get('keyword') ?? '';
  const page = pageParam(params);
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [modal, modalHolder] = Modal.useModal();
  const list = useRegulations({ keyword: keyword || undefined, page, pageSize: PAGE_SIZE });
  const { update: change } = useRegulationMutations();

  const retire = (r: Regulation) =>
    void modal.confirm({
      title: t('nt.regulations.retireTitle', { code: r.code }),
      content: t('nt.regulations.retireBody'),
      okText: t('nt.regulations.retire'),
      okButtonProps: { danger: true },
      cancelText: t('nt.manage.cancel'),
      onOk: async () => {
        try {
          // the province's date today (Asia/Shanghai, `en-CA` writes YYYY-MM-DD), as the server derives status
          await change.mutateAsync({ id: r.id, body: { abolishedOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()) } });
          void message.success(t('nt.regulations.retired'));
        } catch {
          // the request layer has said why
        }
      },
    });

  const columns: ColumnsType<Regulation> = [
    { title: t('nt.regulations.fields.code'), dataIndex: 'code', width: 180, render: (code: string) => <span className="pm-mono">{code}</span> },
    {
      title: t('nt.regulations.fields.title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <>
          {title}
          <div className="pm-sub-line">{r.issuer}</div>
        </>
      ),
    },
    {
      title: t('nt.regulations.fields.effectiveOn'),
      dataIndex: 'effectiveOn',
      width: 120,
      responsive: ['md'],
      render: (d: string | null) => d ?? t('common.unknown'),
    },
    { title: t('regulations.columns.status'), dataIndex: 'status', width: 100, render: (s: RegulationStatus) => <RegulationStatusTag status={s} /> },
    {
      title: t('nt.manage.columns.actions'),
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space size={0} wrap className="row-actions">
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: r.id })}>
            {t('nt.regulations.edit')}
          </Button>
          {r.abolishedOn ? (
            <Button
              type="link"
              size="small"
              onClick={async () => {
                try {
                  await change.mutateAsync({ id: r.id, body: { abolishedOn: null } });
                  void message.success(t('nt.regulations.reinstated'));
                } catch {
                  // the request layer has said why
                }
              }}
            >
              {t('nt.regulations.reinstate')}
            </Button>
          ) : (
            r.status !== 'repealed' && (
              <Button type="link" size="small" danger onClick={() => retire(r)}>
                {t('nt.regulations.retire')}
              </Button>
            )
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListSection<Regulation>
      title={t('pm.nav.regulations')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true, id: null })}>
          {t('nt.regulations.create')}
        </Button>
      }
      filters={<KeywordSearch keyword={keyword} label={t('nt.regulations.keyword')} onSearch={(value) => update({ keyword: value })} />}
      rowKey="id"
      columns={columns}
      table={{ size: 'large' }}
      paging={{ data: list.data, loading: list.isFetching, current: page, pageSize: PAGE_SIZE, onChange: (next) => update({ page: next }, false) }}
    >
      {modalHolder}
      <RegulationFormDrawer
        open={drawer.open}
        regulationId={drawer.id}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={(id) => setDrawer({ open: true, id })}
      />
    </ListSection>
  );
}
