/**
 * zh-CN messages of the /stgz wall's map as a table and its critical-alert band (i18n key prefix
 * `wall.`). Registered by ./sensing-wall.ts. sensing-wall.en-US.ts mirrors this shape exactly.
 */
const wallZhCN = {
  table: {
    show: '以表格查看地图数据',
    close: '关闭表格',
    title: '设备分布（表格）',
    // i18next plural forms by `count`: Chinese has one form, English two
    thingsCaption_one: '地图上的设备（共 {{count}} 台）',
    thingsCaption_other: '地图上的设备（共 {{count}} 台）',
    thing: '设备',
    kind: '类型',
    city: '所在城市',
    state: '在线状态',
    aqi: 'AQI',
    category: '空气质量类别',
    time: '数据时间',
    unknownCity: '未知',
    notStation: '不适用',
    noAqi: '尚无数据',
  },
  critical: {
    count_one: '严重告警 {{count}} 条',
    count_other: '严重告警 {{count}} 条',
    more_one: '另有 {{count}} 条',
    more_other: '另有 {{count}} 条',
    label: '未关闭的严重告警',
    announce: '新的严重告警：{{alert}}',
    announceMany: '新增 {{count}} 条严重告警，最新：{{alert}}',
  },
};
export default wallZhCN;
export type WallMessages = typeof wallZhCN;
