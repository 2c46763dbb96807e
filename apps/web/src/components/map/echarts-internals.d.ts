// The ECharts internals that geo-scatter-chart.ts registers, typed by what the public `use()`
// registers accept (their own declarations under echarts/types/src are a second, incompatible copy).
type EChartsRegisters = Parameters<Extract<Parameters<typeof import('echarts/core').use>[0], (registers: never) => void>>[0];

declare module 'echarts/lib/layout/points.js' {
  const pointsLayout: (seriesType: string) => Exclude<Parameters<EChartsRegisters['registerLayout']>[0], number>;
  export default pointsLayout;
}
declare module 'echarts/lib/chart/scatter/ScatterSeries.js' {
  const ScatterSeriesModel: Parameters<EChartsRegisters['registerSeriesModel']>[0];
  export default ScatterSeriesModel;
}
declare module 'echarts/lib/chart/scatter/ScatterView.js' {
  const ScatterView: Parameters<EChartsRegisters['registerChartView']>[0];
  export default ScatterView;
}
