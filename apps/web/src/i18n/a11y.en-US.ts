import type { A11yMessages } from './a11y.zh-CN';

/** en-US messages of accessibility (key prefix `a11y.`); the type keeps every key of zh-CN present. */
const a11yEnUS: A11yMessages = {
  display: {
    button: 'Accessibility',
    buttonLabel: 'Accessibility: text size and high contrast',
    fontSize: 'Text size',
    sizes: { standard: 'Standard', large: 'Large', extraLarge: 'Extra large' },
    highContrast: 'High contrast',
    reset: 'Reset',
  },
  map: {
    showTable: 'Show the map data as a table',
    hideTable: 'Hide the table',
    stationsCaption: 'Latest data of the monitoring stations ({{count}})',
    tasksCaption: 'Open verification tasks ({{count}})',
    station: 'Station',
    code: 'Code',
    city: 'City',
    aqi: 'AQI',
    category: 'Air quality',
    pm25: 'PM2.5 (µg/m³)',
    time: 'Data time',
    noData: 'No data',
    task: 'Task',
    kind: 'Kind',
    status: 'Status',
    place: 'Location',
  },
};
export default a11yEnUS;
