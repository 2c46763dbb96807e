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
  REGULATION_CODE_TAKEN: { status: 409, zh: '该标准编号已存在', en: 'A regulation with this code already exists' },
  REGULATION_DATES_INVALID: { status: 400, zh: '实施日期不能早于发布日期', en: 'The effective date cannot be before the issue date' },
  REGULATION_REPLACES_ITSELF: { status: 400, zh: '标准不能替代其自身', en: 'A regulation cannot replace itself' },
  NOTICE_NOT_FOUND: { status: 404, zh: '未找到该通知公告', en: 'No such notice' },
  NOTICE_STATE_CONFLICT: {
    status: 409,
    zh: '通知公告当前的状态不允许此操作',
    en: 'The notice is not in a state that allows this',
  },
  DOCUMENT_NOT_FOUND: { status: 404, zh: '未找到该附件', en: 'No such document' },
  UPLOAD_MISSING: { status: 400, zh: '请求中没有上传的文件', en: 'The request carries no file' },
  STATION_NOT_FOUND: { status: 404, zh: '未找到该监测站点', en: 'No such monitoring station' },
  SERIES_RANGE_TOO_LONG: {
    status: 400,
    zh: '查询时间范围过长，最长 31 天',
    en: 'The time range is too long; at most 31 days',
  },
  THING_NOT_FOUND: { status: 404, zh: '未找到该设备', en: 'No such device (Thing)' },
  THING_KEY_NOT_FOUND: { status: 404, zh: '未找到该设备密钥', en: 'No such device key' },
  THING_KEY_REVOKED: { status: 409, zh: '该设备密钥已吊销', en: 'The device key has been revoked' },
  THING_RETIRED: { status: 409, zh: '该设备已退役，不能再接入数据', en: 'The device is retired and may not push data' },
  THING_KEY_INVALID: {
    status: 401,
    zh: '设备密钥缺失、错误或已吊销（请在 Authorization: Bearer 或 X-Thing-Key 请求头中提供有效密钥）',
    en: 'The device key is missing, wrong or revoked (send a valid key in Authorization: Bearer or X-Thing-Key)',
  },
  BATCH_TOO_LARGE: { status: 413, zh: '一次最多提交 10000 条数据', en: 'A batch may carry at most 10 000 items' },
  DATASTREAM_NOT_FOUND: { status: 404, zh: '未找到该数据流', en: 'No such datastream' },
  THING_CODE_TAKEN: { status: 409, zh: '该设备编码已被使用', en: 'A device with this code already exists' },
  OBSERVED_PROPERTY_NOT_FOUND: { status: 404, zh: '未找到该观测要素', en: 'No such observed property' },
  DATASTREAM_EXISTS: { status: 409, zh: '该设备已有此观测要素的数据流', en: 'The device already has a datastream of this observed property' },
  DATASTREAM_HAS_OBSERVATIONS: {
    status: 409,
    zh: '该数据流已有观测数据，不能删除（可将设备设为退役）',
    en: 'The datastream has observations and cannot be removed (retire the device instead)',
  },
  ALERT_RULE_NOT_FOUND: { status: 404, zh: '未找到该告警规则', en: 'No such alert rule' },
  DETECTION_NOT_FOUND: { status: 404, zh: '未找到该设备的这条物种识别记录', en: 'No such detection of this device' },
  DETECTION_IMAGE_NOT_FOUND: { status: 404, zh: '未找到该物种识别记录，或该记录没有图片', en: 'No such detection, or the detection has no image' },
  ALERT_NOT_FOUND: { status: 404, zh: '未找到该告警', en: 'No such alert' },
  ALERT_STATE_CONFLICT: { status: 409, zh: '告警当前状态不允许此操作', en: 'The alert is not in a state that allows this' },
  APPLICATION_NOT_FOUND: { status: 404, zh: '未找到该应用系统', en: 'No such application system' },
  APPLICATION_CODE_TAKEN: { status: 409, zh: '该应用系统编码已存在', en: 'An application system with this code already exists' },
  APPLICATION_SIGN_IN_REQUIRED: { status: 401, zh: '该应用系统需要登录后使用，请先登录', en: 'Sign in to use this application system' },
  APPLICATION_NO_PERMISSION: {
    status: 403,
    zh: '您没有使用该应用系统的权限，如需使用请联系管理员',
    en: 'You are not allowed to use this application system; ask an administrator if you need it',
  },
  APPLICATION_UNAVAILABLE: { status: 409, zh: '该应用系统当前无法使用', en: 'This application system cannot be used now' },
  APPLICATION_ACCESS_INVALID: { status: 400, zh: '访问范围设置不正确', en: 'The access settings are not valid' },
  TOOL_NOT_FOUND: { status: 404, zh: '未找到该工具', en: 'No such tool' },
  TOOL_VERSION_NOT_FOUND: { status: 404, zh: '未找到该工具版本', en: 'No such tool version' },
  TOOL_NAME_TAKEN: { status: 409, zh: '已有同名工具', en: 'A tool with this name already exists' },
  TOOL_VERSION_TAKEN: { status: 409, zh: '该工具已有此版本号', en: 'This tool already has this version' },
  TOOL_VERSION_INVALID: {
    status: 400,
    zh: '版本号或更新说明不正确（版本号为 1–32 个字母、数字或 . _ + -，更新说明最多 2000 字）',
    en: 'The version or release notes are not valid (version: 1–32 letters, digits or . _ + -; notes at most 2000 characters)',
  },
  OIDC_CLIENT_NOT_FOUND: { status: 404, zh: '未找到该单点登录客户端', en: 'No such single sign-on client' },
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
