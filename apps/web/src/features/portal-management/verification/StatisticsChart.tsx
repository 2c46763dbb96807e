import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { StatisticsRow } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * Bars per city of one kind: found, fed back and overdue side by side (Apache ECharts, modular
 * imports in the section's own chunk). `rows`: the kind's city rows, without the province total.
 */
export function StatisticsChart({ rows, title }: { rows: StatisticsRow[]; title: string }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 56 },
      xAxis: { type: 'category', data: rows.map((r) => r.divisionName), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('verification.stats.found'), type: 'bar', data: rows.map((r) => r.found), itemStyle: { color: '#1677ff' } },
        { name: t('verification.stats.fedBack'), type: 'bar', data: rows.map((r) => r.fedBack), itemStyle: { color: '#389e0d' } },
        { name: t('verification.stats.overdue'), type: 'bar', data: rows.map((r) => r.overdue), itemStyle: { color: '#cf1322' } },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [rows, t]);
  return <div ref={element} className="vf-chart" role="img" aria-label={title} />;
}
