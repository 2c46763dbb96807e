import type siteZhCN from './site.zh-CN';

/** en-US messages of the government-site basics (key prefix `site.`); same shape as site.zh-CN.ts. */
const siteEnUS: typeof siteZhCN = {
  footer: {
    sponsor: 'Sponsored by {{name}}',
    operator: 'Run by {{name}}',
    contact: 'Contact: {{contact}}',
    siteCode: 'Website code: {{code}}',
    icpLabel: '{{number}} (look it up in the MIIT record system, opens in a new window)',
    publicSecurityLabel: '{{number}} (look it up in the public-security record system, opens in a new window)',
  },
  settings: {
    footerSection: 'Footer',
    footerSectionHelp: 'The sponsor, operator and record numbers a government website shows at the foot of every page; empty ones are not shown.',
    sponsor: 'Sponsor (主办单位)',
    sponsorPlaceholder: 'e.g. Shaanxi Provincial Forestry Bureau',
    operator: 'Operator (承办单位)',
    operatorPlaceholder: 'e.g. Shaanxi Forestry Information Centre',
    recordNumber: 'ICP record number',
    recordPlaceholder: 'e.g. 陕ICP备12345678号-1',
    recordHelp: 'Shown in the footer, linked to the MIIT ICP record system.',
    publicSecurityRecordNumber: 'Public-security record number',
    publicSecurityPlaceholder: 'e.g. 陕公网安备 61010302000001号',
    publicSecurityHelp: 'Shown in the footer, linked by its digits to the lookup of the national public-security record system.',
    siteCode: 'Website code (网站标识码)',
    siteCodePlaceholder: 'e.g. 6100000001',
    siteCodeHelp: 'The 10-digit code the national government-website registry gives the site.',
    siteCodePattern: 'The website code is 10 digits',
    contact: 'Contact',
    contactPlaceholder: 'e.g. Tel. 029-00000000, webmaster@example.gov.cn',
  },
  breadcrumb: {
    label: 'You are here',
  },
  share: {
    copyLink: 'Copy link',
    copied: 'Link copied: paste it to share',
    copyFailed: 'Could not copy: copy the address from the address bar instead',
    print: 'Print',
  },
  search: {
    open: 'Search',
    openLabel: 'Search the site',
    title: 'Search the site',
    placeholder: 'Search notices, regulations, application systems and tools',
    submit: 'Search',
    hint: 'Type words separated by spaces; results contain all of them.',
    tooLong: 'At most {{max}} characters',
    tooManyWords: 'At most {{max}} words',
    empty: 'Nothing contains all of “{{words}}”. Try other words.',
    summary_one: '{{count}} result',
    summary_other: '{{count}} results',
    more: '{{count}} more not listed: try more specific words',
    kinds: {
      notice: 'Notices',
      regulation: 'Technical regulations',
      application: 'Application systems',
      tool: 'Application tools',
    },
    groupLabel: '{{kind}} ({{count}})',
  },
};

export default siteEnUS;
