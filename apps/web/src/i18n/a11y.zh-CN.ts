/**
 * zh-CN messages of accessibility (i18n key prefix `a11y.`): the 适老化 / 无障碍 display switch in
 * every header and the text alternative of the maps. Registered by ./a11y.ts. a11y.en-US.ts
 * mirrors this shape exactly.
 */
const a11yZhCN = {
  display: {
    button: '无障碍',
    buttonLabel: '无障碍设置：字号和高对比度',
    fontSize: '字号',
    sizes: { standard: '标准', large: '大', extraLarge: '特大' },
    highContrast: '高对比度',
    reset: '恢复默认',
  },
  map: {
    showTable: '以表格查看地图数据',
    hideTable: '收起表格',
    stationsCaption: '监测站点最新数据（共 {{count}} 个）',
    tasksCaption: '待核查任务（共 {{count}} 个）',
    station: '站点',
    code: '编号',
    city: '所在城市',
    aqi: 'AQI',
    category: '空气质量类别',
    pm25: 'PM2.5（µg/m³）',
    time: '数据时间',
    noData: '无数据',
    task: '任务',
    kind: '类型',
    status: '状态',
    place: '位置',
  },
};
export default a11yZhCN;
export type A11yMessages = typeof a11yZhCN;
