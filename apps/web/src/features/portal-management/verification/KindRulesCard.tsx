import Card from 'antd/es/card';
import InputNumber from 'antd/es/input-number';
import message from 'antd/es/message';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { VerificationKind } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { useVerificationMutations } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';

/** The longest deadline an administrator may set, hours (366 days: the server's limit). */
const MAX_HOURS = 24 * 366;

/**
 * 任务类型与反馈期限 (administrators; docs/verification.md §Kinds): each kind's deadline in hours
 * from dispatch (saved when the field is left or Enter pressed) and whether imported tasks are
 * dispatched at once; its verdicts, read-only. A change applies to tasks dispatched from then on.
 */
export function KindRulesCard({ kinds }: { kinds: VerificationKind[] }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const { updateKind } = useVerificationMutations();
  const save = (kind: VerificationKind, body: { deadlineHours?: number; autoDispatch?: boolean }) =>
    updateKind.mutate(
      { code: kind.code, body },
      { onSuccess: () => void message.success(t('verification.kindRules.saved', { kind: zh ? kind.zh : kind.en })) },
    );

  return (
    <Card title={t('verification.kindRules.title')}>
      <p className="vf-hint">{t('verification.kindRules.hint')}</p>
      <Table<VerificationKind>
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={kinds}
        scroll={{ x: 720 }}
        columns={[
          { title: t('verification.kindRules.kind'), key: 'kind', width: 140, render: (_: unknown, k) => (zh ? k.zh : k.en) },
          {
            title: t('verification.kindRules.deadline'),
            key: 'deadline',
            width: 200,
            render: (_: unknown, k) => (
              <InputNumber<number>
                key={`${k.code}-${k.deadlineHours}`}
                aria-label={`${zh ? k.zh : k.en} ${t('verification.kindRules.deadline')}`}
                min={1}
                max={MAX_HOURS}
                precision={0}
                defaultValue={k.deadlineHours}
                onBlur={(event) => {
                  const hours = Number(event.target.value);
                  if (Number.isInteger(hours) && hours >= 1 && hours <= MAX_HOURS && hours !== k.deadlineHours) save(k, { deadlineHours: hours });
                }}
                onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
              />
            ),
          },
          {
            title: t('verification.kindRules.autoDispatch'),
            key: 'auto',
            width: 140,
            render: (_: unknown, k) => (
              <Switch
                aria-label={`${zh ? k.zh : k.en} ${t('verification.kindRules.autoDispatch')}`}
                checked={k.autoDispatch}
                onChange={(autoDispatch) => save(k, { autoDispatch })}
              />
            ),
          },
          {
            title: t('verification.kindRules.verdicts'),
            key: 'verdicts',
            render: (_: unknown, k) => k.verdicts.map((v) => <Tag key={v.code}>{zh ? v.zh : v.en}</Tag>),
          },
        ]}
      />
    </Card>
  );
}
