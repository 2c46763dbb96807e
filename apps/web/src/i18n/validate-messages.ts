/**
 * The generic form layer's default messages (docs/request-layer.md §Form messages: required, type, length, range,
 * pattern), in zh-CN and en-US, for antd's `ConfigProvider form={{ validateMessages }}`. A rule
 * without its own `message` shows these; `${label}` is the field's label, `${min}` / `${max}` /
 * `${len}` the rule's bounds. Plain data: no form code is loaded for them.
 */
import type { FormProps } from 'antd/es/form';
import type { Locale } from './i18n';

export type ValidateMessages = NonNullable<FormProps['validateMessages']>;

// The placeholders are antd's template syntax, not JavaScript template literals.
const zhCN: ValidateMessages = {
  default: '${label}填写有误',
  required: '${label}不能为空',
  enum: '${label}须为以下之一：${enum}',
  whitespace: '${label}不能只包含空格',
  date: { format: '${label}的日期格式不正确', parse: '${label}无法识别为日期', invalid: '${label}不是有效的日期' },
  types: {
    string: '${label}须为文本',
    method: '${label}须为函数',
    array: '${label}须为列表',
    object: '${label}须为对象',
    number: '${label}须为数字',
    date: '${label}须为日期',
    boolean: '${label}须为是或否',
    integer: '${label}须为整数',
    float: '${label}须为小数',
    regexp: '${label}不是有效的正则表达式',
    email: '${label}不是有效的电子邮箱地址',
    tel: '${label}不是有效的电话号码',
    url: '${label}不是有效的网址',
    hex: '${label}须为十六进制数',
  },
  string: {
    len: '${label}须为 ${len} 个字符',
    min: '${label}至少需要 ${min} 个字符',
    max: '${label}不能超过 ${max} 个字符',
    range: '${label}须为 ${min} 到 ${max} 个字符',
  },
  number: {
    len: '${label}须等于 ${len}',
    min: '${label}不能小于 ${min}',
    max: '${label}不能大于 ${max}',
    range: '${label}须在 ${min} 到 ${max} 之间',
  },
  array: {
    len: '${label}须选择 ${len} 项',
    min: '${label}至少选择 ${min} 项',
    max: '${label}最多选择 ${max} 项',
    range: '${label}须选择 ${min} 到 ${max} 项',
  },
  pattern: { mismatch: '${label}的格式不正确' },
};

const enUS: ValidateMessages = {
  default: '${label} is not valid',
  required: '${label} is required',
  enum: '${label} must be one of ${enum}',
  whitespace: '${label} cannot be only spaces',
  date: { format: '${label} is not in a valid date format', parse: '${label} cannot be read as a date', invalid: '${label} is not a valid date' },
  types: {
    string: '${label} must be text',
    method: '${label} must be a function',
    array: '${label} must be a list',
    object: '${label} must be an object',
    number: '${label} must be a number',
    date: '${label} must be a date',
    boolean: '${label} must be yes or no',
    integer: '${label} must be a whole number',
    float: '${label} must be a decimal number',
    regexp: '${label} is not a valid regular expression',
    email: '${label} is not a valid email address',
    tel: '${label} is not a valid phone number',
    url: '${label} is not a valid web address',
    hex: '${label} must be a hexadecimal number',
  },
  string: {
    len: '${label} must be exactly ${len} characters',
    min: '${label} must be at least ${min} characters',
    max: '${label} cannot be longer than ${max} characters',
    range: '${label} must be between ${min} and ${max} characters',
  },
  number: {
    len: '${label} must equal ${len}',
    min: '${label} cannot be less than ${min}',
    max: '${label} cannot be greater than ${max}',
    range: '${label} must be between ${min} and ${max}',
  },
  array: {
    len: 'Choose exactly ${len} ${label}',
    min: 'Choose at least ${min} ${label}',
    max: 'Choose at most ${max} ${label}',
    range: 'Choose between ${min} and ${max} ${label}',
  },
  pattern: { mismatch: '${label} is not in the expected format' },
};

/** The default validation messages of each locale. */
export const VALIDATE_MESSAGES: Record<Locale, ValidateMessages> = { 'zh-CN': zhCN, 'en-US': enUS };
