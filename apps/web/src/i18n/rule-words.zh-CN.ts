/** The words of an alert rule (components/rule-words.ts), zh-CN. */
export default {
  comparators: { gt: '高于', gte: '不低于', lt: '低于', lte: '不高于' },
  condition: '{{property}} {{comparator}} {{threshold}}{{unit}}',
  silentFor: '{{duration}}无数据',
  minutes: '{{count}} 分钟',
  hours: '{{count}} 小时',
  hoursMinutes: '{{hours}} 小时 {{minutes}} 分钟',
  days: '{{count}} 天',
  // one day (en-US: singular); i18next picks `days` for other counts
  days_one: '{{count}} 天',
};
