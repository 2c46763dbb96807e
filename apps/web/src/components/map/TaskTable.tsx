import type { ReactNode } from 'react';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import '../../i18n/a11y';
import '../../i18n/verification';

/**
 * The open verification tasks a province map pins, as a table (the maps' text alternative, WCAG
 * 2.1 1.1.1): number, kind, status (and overdue), city, and when it was detected, shown by
 * `renderTime` (ISO 8601 with offset in, the time as the screen shows its times out). Used under the
 * home map (MapDataTable.tsx) and in the wall's map table (features/sensing-wall/MapTable.tsx), each
 * with its own `className`. Nothing when there is no task.
 */
export function TaskTable({
  tasks,
  className,
  timeClassName,
  renderTime,
}: {
  tasks: readonly PublicTask[];
  className: string;
  timeClassName?: string;
  renderTime: (iso: string) => ReactNode;
}) {
  const { t } = useTranslation();
  if (tasks.length === 0) return null;
  return (
    <table className={className}>
      <caption>{t('a11y.map.tasksCaption', { count: tasks.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('a11y.map.task')}</th>
          <th scope="col">{t('a11y.map.kind')}</th>
          <th scope="col">{t('a11y.map.status')}</th>
          <th scope="col">{t('a11y.map.place')}</th>
          <th scope="col">{t('a11y.map.time')}</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.id}>
            <th scope="row">#{task.id}</th>
            <td>{t(`verification.kinds.${task.kind}`, { defaultValue: task.kind })}</td>
            <td>
              {t(`verification.statuses.${task.status}`, { defaultValue: task.status })}
              {task.overdue && ` · ${t('verification.overdue')}`}
            </td>
            <td>{task.cityName}</td>
            <td className={timeClassName}>{renderTime(task.detectedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
