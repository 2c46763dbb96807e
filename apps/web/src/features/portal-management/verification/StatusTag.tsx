import Tag from 'antd/es/tag';
import type { TaskStatus, VerificationTask } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TaskStatus, string> = { pending: 'default', dispatched: 'blue', verifying: 'gold', fed_back: 'purple', closed: 'green' };

/** A task's status (待下发 … 已办结) as a coloured tag, and 已超期 in red beside it when overdue. */
export function StatusTag({ task }: { task: Pick<VerificationTask, 'status' | 'overdue'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={COLOURS[task.status]}>{t(`verification.statuses.${task.status}`)}</Tag>
      {task.overdue && <Tag color="red">{t('verification.overdue')}</Tag>}
    </>
  );
}
