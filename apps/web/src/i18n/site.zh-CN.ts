/**
 * zh-CN messages of the government-site basics (issue 13 items 5 and 6, key prefix `site.`): the
 * footer and its settings, breadcrumbs, the copy-link and print actions, and site-wide search.
 * Registered by ./site.ts; site.en-US.ts mirrors this shape exactly.
 */
const siteZhCN = {
  footer: {
    sponsor: '主办单位：{{name}}',
    operator: '承办单位：{{name}}',
    contact: '联系方式：{{contact}}',
    siteCode: '网站标识码：{{code}}',
    icpLabel: '{{number}}（在工业和信息化部备案管理系统中查询，新窗口打开）',
    publicSecurityLabel: '{{number}}（在全国互联网安全管理服务平台中查询，新窗口打开）',
  },
  settings: {
    footerSection: '页脚信息',
    footerSectionHelp: '政府网站页面底部应展示的主办、承办单位和备案信息；填写后显示在每个页面底部，留空则不显示。',
    sponsor: '主办单位',
    sponsorPlaceholder: '如：陕西省林业局',
    operator: '承办单位',
    operatorPlaceholder: '如：陕西省林业信息中心',
    recordNumber: 'ICP 备案号',
    recordPlaceholder: '如：陕ICP备12345678号-1',
    recordHelp: '显示在页脚，并链接到工业和信息化部 ICP/IP 地址/域名信息备案管理系统。',
    publicSecurityRecordNumber: '公安机关备案号',
    publicSecurityPlaceholder: '如：陕公网安备 61010302000001号',
    publicSecurityHelp: '显示在页脚，并按其中的数字链接到全国互联网安全管理服务平台的备案查询。',
    siteCode: '网站标识码',
    siteCodePlaceholder: '如：6100000001',
    siteCodeHelp: '全国政府网站基本信息数据库分配的 10 位数字代码。',
    siteCodePattern: '网站标识码应为 10 位数字',
    contact: '联系方式',
    contactPlaceholder: '如：电话 029-00000000，邮箱 webmaster@example.gov.cn',
  },
  breadcrumb: {
    label: '当前位置',
  },
  share: {
    copyLink: '复制链接',
    copied: '链接已复制，可粘贴分享',
    copyFailed: '无法自动复制，请手动复制地址栏中的链接',
    print: '打印',
  },
  search: {
    open: '搜索',
    openLabel: '站内搜索',
    title: '站内搜索',
    placeholder: '搜索通知公告、技术规范、应用系统和工具',
    submit: '搜索',
    hint: '输入关键词，多个词用空格分开，结果须包含全部关键词。',
    tooLong: '关键词最多 {{max}} 个字',
    tooManyWords: '最多 {{max}} 个关键词',
    empty: '没有找到同时包含“{{words}}”的内容，请换个关键词试试。',
    // i18next plural forms by `count`: Chinese has one form, English two
    summary_one: '共找到 {{count}} 条结果',
    summary_other: '共找到 {{count}} 条结果',
    more: '另有 {{count}} 条未列出，请使用更具体的关键词',
    kinds: {
      notice: '通知公告',
      regulation: '技术规范',
      application: '应用系统',
      tool: '应用工具',
    },
    groupLabel: '{{kind}}（{{count}}）',
  },
};

export default siteZhCN;
