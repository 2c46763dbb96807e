import { useState } from 'react';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { ApplicationStatus, ManagedApplication } from '@eco/contracts/applications';
import { useTranslation } from 'react-i18next';
import { useManagedApplications } from '../../../api/applications';
import { ApplicationIcon } from '../../../components/applications/ApplicationIcon';
import { useAccessText } from '../../../components/applications/use-access-text';
import '../../../i18n/applications';
import { formatTime } from '../format';
import { ApplicationFormDrawer } from './ApplicationFormDrawer';

const STATUS_COLOURS: Record<ApplicationStatus, string> = { online: 'success', maintenance: 'warning', offline: 'default' };

/**
 * 应用系统管理 (editors and administrators): every system of the application platform with its
 * status and who may use it; adding and editing in a drawer (audited by the server). Seeded
 * systems are marked so editors know to set their real entry addresses.
 */
export default function ApplicationsSection() {
  const { t } = useTranslation();
  const list = useManagedApplications();
  const accessText = useAccessText();
  const [drawer, setDrawer] = useState<{ open: boolean; app: ManagedApplication | null }>({ open: false, app: null });

  const columns: ColumnsType<ManagedApplication> = [
    {
      title: t('apps.manage.columns.name'),
      key: 'name',
      render: (_, app) => (
        <span className="pm-app-name">
          <ApplicationIcon name={app.icon} /> <strong>{app.name}</strong> <code className="pm-mono">{app.code}</code>
          {app.seeded && (
            <Tag color="blue" title={t('apps.seeded')}>
              {t('apps.seededShort')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('apps.manage.columns.category'), dataIndex: 'category', responsive: ['md'] },
    {
      title: t('apps.manage.columns.status'),
      key: 'status',
      render: (_, app) => <Tag color={STATUS_COLOURS[app.status]}>{t(`apps.status.${app.status}`)}</Tag>,
    },
    { title: t('apps.manage.columns.access'), key: 'access', responsive: ['lg'], render: (_, app) => accessText(app) },
    { title: t('apps.manage.columns.sortOrder'), dataIndex: 'sortOrder', responsive: ['xl'] },
    { title: t('apps.manage.columns.updatedAt'), key: 'updatedAt', responsive: ['xl'], render: (_, app) => formatTime(app.updatedAt) },
    {
      title: t('apps.manage.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, app) => (
        <Button type="link" size="small" onClick={() => setDrawer({ open: true, app })} aria-label={`${t('apps.manage.edit')} ${app.name}`}>
          {t('apps.manage.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className="pm-spaced">
      <div className="pm-apps-head">
        <p className="pm-apps-intro">{t('apps.manage.intro')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true, app: null })}>
          {t('apps.manage.add')}
        </Button>
      </div>
      <Table<ManagedApplication>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <ApplicationFormDrawer open={drawer.open} app={drawer.app} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
    </div>
  );
}
