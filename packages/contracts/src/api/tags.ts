/** The groups of operations in the OpenAPI document (every declaration's `tags` come from here). */
export const API_TAGS = {
  session: '登录与会话 Signing in, the session and the CSRF token',
  site: '站点设置 Site settings (the initial state of the web app)',
  'portal management': '门户管理 Users, organisations, roles and the audit log (administrators)',
  notices: '通知公告 Notices: published ones for everyone, drafts and publishing for editors',
  'technical regulations': '技术规范 The library of standards and their documents',
  'application platform': '应用平台 The catalogue of application systems, launching, single sign-on clients',
  'application tools': '应用工具 Downloadable tools and the online calculators',
  geography: '行政区划 Divisions and city boundaries of the province',
  'air quality': '空气质量 The national air-quality stations and their hourly observations',
  sensing: '感知中枢 Devices (Things), ingestion with device keys, live figures, alerts and the event stream',
  verification: '核查任务 Field verification: hotspots, change patches, alarms and camera-trap sightings from import to closure',
  'camera traps': '红外相机审核 The camera-trap review queue: thumbnails, AI labels, confirming or correcting species, SD-card uploads',
  search: '站内搜索 Site-wide search across notices, regulations, application systems and tools',
  system: '运行状态 Health of the server',
} as const;

export type ApiTag = keyof typeof API_TAGS;
