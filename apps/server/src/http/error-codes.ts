/**
 * The error catalogue of the API: every `errorCode` the server sends, its HTTP status, and its
 * message for people in zh-CN (default) and en-US. Codes are stable; messages may be reworded.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, zh: '请求参数不正确', en: 'The request is not valid' },
  INVALID_JSON: { status: 400, zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '请求内容过大', en: 'The request body is too large' },
  NOT_FOUND: { status: 404, zh: '请求的接口不存在', en: 'No such API endpoint' },
  REGULATION_NOT_FOUND: { status: 404, zh: '未找到该技术规范', en: 'No such technical regulation' },
  STATION_NOT_FOUND: { status: 404, zh: '未找到该监测站点', en: 'No such monitoring station' },
  SERIES_RANGE_TOO_LONG: {
    status: 400,
    zh: '查询时间范围过长，最长 31 天',
    en: 'The time range is too long; at most 31 days',
  },
  NOT_SIGNED_IN: { status: 401, zh: '请先登录', en: 'Please sign in first' },
  SIGN_IN_FAILED: { status: 401, zh: '账号或密码错误', en: 'Wrong account or password' },
  FORBIDDEN: { status: 403, zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  CSRF_REJECTED: {
    status: 403,
    zh: '请求来源校验失败，请刷新页面后重试',
    en: 'The request could not be verified as coming from this site; reload the page and retry',
  },
  PASSWORD_CHANGE_REQUIRED: { status: 403, zh: '请先修改密码', en: 'You must change your password first' },
  TOO_MANY_ATTEMPTS: { status: 429, zh: '尝试次数过多，请稍后再试', en: 'Too many attempts; try again later' },
  PASSWORD_POLICY: { status: 400, zh: '密码不符合要求', en: 'The password does not meet the policy' },
  CURRENT_PASSWORD_WRONG: { status: 400, zh: '当前密码不正确', en: 'The current password is wrong' },
  USER_NOT_FOUND: { status: 404, zh: '未找到该用户', en: 'No such user' },
  ORGANISATION_NOT_FOUND: { status: 404, zh: '未找到该机构', en: 'No such organisation' },
  ACCOUNT_TAKEN: { status: 409, zh: '该账号已存在', en: 'That account already exists' },
  CANNOT_CHANGE_SELF: {
    status: 409,
    zh: '不能停用自己的账号、修改自己的角色或重置自己的密码',
    en: 'You cannot disable your own account, change your own role or reset your own password',
  },
  LAST_ADMIN: { status: 409, zh: '至少需要保留一名启用的管理员', en: 'At least one active administrator must remain' },
  UPLOAD_EMPTY: { status: 400, zh: '上传的文件是空的', en: 'The uploaded file is empty' },
  UPLOAD_TOO_LARGE: { status: 413, zh: '上传的文件超过大小上限', en: 'The uploaded file is larger than allowed' },
  UPLOAD_TYPE_NOT_ALLOWED: {
    status: 415,
    zh: '不支持该文件类型（按文件内容识别）',
    en: 'This type of file is not accepted (recognised from its content)',
  },
  DATABASE_UNAVAILABLE: { status: 503, zh: '数据库暂时无法访问', en: 'The database is unavailable' },
  INTERNAL_ERROR: { status: 500, zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please retry later' },
} as const satisfies Record<string, { status: number; zh: string; en: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Extra words for the catalogue message: the same in every language, or one per language. */
export type Detail = string | { zh: string; en: string };

/**
 * A failure the API reports with its envelope: `throw new AppError('REGULATION_NOT_FOUND')`.
 * `headers` are sent with it (e.g. `Retry-After` with `TOO_MANY_ATTEMPTS`).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** extra words appended to the catalogue message, e.g. the offending value or the broken rule */
    readonly detail?: Detail,
    readonly headers: Record<string, string> = {},
  ) {
    const en = typeof detail === 'string' ? detail : detail?.en;
    super(en ? `${ERROR_CODES[code].en}: ${en}` : ERROR_CODES[code].en);
    this.status = ERROR_CODES[code].status;
  }
}
