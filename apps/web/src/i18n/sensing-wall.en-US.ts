import type { WallMessages } from './sensing-wall.zh-CN';

/** en-US messages of the /stgz wall's map as a table and its critical-alert band; the type keeps every key of zh-CN present. */
const wallEnUS: WallMessages = {
  table: {
    show: 'Show the map data as a table',
    close: 'Close the table',
    title: 'Devices (table)',
    thingsCaption_one: 'Devices on the map ({{count}})',
    thingsCaption_other: 'Devices on the map ({{count}})',
    thing: 'Device',
    kind: 'Kind',
    city: 'City',
    state: 'Connection',
    aqi: 'AQI',
    category: 'Air quality category',
    time: 'Data time',
    unknownCity: 'Unknown',
    notStation: 'Not applicable',
    noAqi: 'No data yet',
  },
  critical: {
    count_one: '{{count}} critical alert',
    count_other: '{{count}} critical alerts',
    more_one: '{{count}} more',
    more_other: '{{count}} more',
    label: 'Open critical alerts',
    announce: 'New critical alert: {{alert}}',
    announceMany: '{{count}} new critical alerts, newest: {{alert}}',
  },
};
export default wallEnUS;
