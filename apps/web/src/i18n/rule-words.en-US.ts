/** The words of an alert rule (components/rule-words.ts), en-US. */
export default {
  comparators: { gt: 'above', gte: 'at or above', lt: 'below', lte: 'at or below' },
  condition: '{{property}} {{comparator}} {{threshold}}{{unit}}',
  silentFor: 'No data for {{duration}}',
  minutes: '{{count}} min',
  hours: '{{count}} h',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  days: '{{count}} days',
  // one day (en-US: singular); i18next picks `days` for other counts
  days_one: '{{count}} day',
};
