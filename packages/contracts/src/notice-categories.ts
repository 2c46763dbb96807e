/**
 * The categories of a notice (通知公告): 通知 (`notice`), 公告 (`announcement`), 工作动态 (`news`).
 * A module of its own, without schemas, so the public notices screen can name them without
 * bringing TypeBox to the browser (docs/web.md §First load).
 */
export const NOTICE_CATEGORIES = ['notice', 'announcement', 'news'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
