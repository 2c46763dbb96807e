import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import '../../i18n/a11y';
import '../../i18n/verification';
import type { Locale } from '../../i18n/i18n';
import { DataTime } from './DataTime';

/**
 * The open verification tasks the wall's map pins, as a table (the columns of
 * components/map/MapDataTable.tsx, whose task table cannot be imported on its own): number, kind,
 * status (and overdue), city, and when the hotspot was detected, as the wall's other times
 * (formatDataTime against `at`, the server's clock, ISO 8601). Nothing when there is no task.
 */
export function TaskTable({ tasks, locale, at }: { tasks: readonly PublicTask[]; locale: Locale; at: string }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return null;
  return (
    <table className="wall-table-data">
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
            <td className="wall-table-time">
              <DataTime time={task.detectedAt} locale={locale} at={at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
