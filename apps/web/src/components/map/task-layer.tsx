/**
 * Open verification tasks as a layer of the province maps of /home and /stgz: a pin per task at
 * its generalised position (the server rounds it, docs/verification.md §Public figures), orange,
 * red when overdue, and its tooltip (kind, status, city, detection time).
 */
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import '../../i18n/verification';

export const TASK_PIN = { symbol: 'pin', open: '#fa8c16', overdue: '#cf1322' } as const;

/** The ECharts scatter series of `tasks` on the `geo` coordinate system, above the Things. */
export function taskSeries(tasks: readonly PublicTask[]) {
  return {
    type: 'scatter' as const,
    coordinateSystem: 'geo' as const,
    zlevel: 2,
    emphasis: { scale: 1.3 },
    data: tasks.map((task) => ({
      name: `#${task.id}`,
      value: [task.longitude, task.latitude],
      task,
      symbol: TASK_PIN.symbol,
      symbolSize: 20,
      itemStyle: { color: task.overdue ? TASK_PIN.overdue : TASK_PIN.open, borderColor: '#ffffff', borderWidth: 1 },
    })),
  };
}

/** The tooltip of a task pin at (`x`, `y`) px in the map. */
export function TaskTip({ task, x, y }: { task: PublicTask; x: number; y: number }) {
  const { t } = useTranslation();
  return (
    <div className="map-tip" role="tooltip" style={{ left: x + 12, top: y + 12 }}>
      <b>{t(`verification.kinds.${task.kind}`, { defaultValue: task.kind })}</b> · {t(`verification.statuses.${task.status}`, { defaultValue: task.status })}
      {task.overdue && ` · ${t('verification.overdue')}`}
      <div>
        {task.cityName} · {task.detectedAt.slice(0, 16).replace('T', ' ')}
      </div>
    </div>
  );
}
