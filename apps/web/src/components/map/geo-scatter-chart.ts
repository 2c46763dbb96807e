/**
 * ECharts' scatter series without the cartesian grid its official `ScatterChart` installs "in case
 * the developer forgets it" (echarts/lib/chart/scatter/install.js): our scatter only ever sits on
 * the `geo` coordinate system, and the grid and axes would add about a fifth to the map's chunk.
 * Same registrations otherwise.
 */
import layoutPoints from 'echarts/lib/layout/points.js';
import ScatterSeriesModel from 'echarts/lib/chart/scatter/ScatterSeries.js';
import ScatterView from 'echarts/lib/chart/scatter/ScatterView.js';

export function GeoScatterChart(registers: EChartsRegisters): void {
  registers.registerSeriesModel(ScatterSeriesModel);
  registers.registerChartView(ScatterView);
  registers.registerLayout(layoutPoints('scatter'));
}
