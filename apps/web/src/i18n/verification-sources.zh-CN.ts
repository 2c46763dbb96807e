/**
 * zh-CN messages of the verification sources (i18n key prefix `verificationSources.`): uploading
 * county boundaries and importing remote-sensing change patches in /portal-management.
 * Registered by ./verification-sources.ts; verification-sources.en-US.ts mirrors this shape exactly.
 */
const verificationSourcesZhCN = {
  counties: {
    title: '县级行政区边界',
    intro:
      '上传县级行政区边界后，落在县界内的核查任务归属该县（区）及其单位，其余仍归属所在市。上传的文件会整体替换已加载的边界，待下发的任务随之重新归属，已下发的任务不变。',
    summary: '已加载 {{loaded}} / {{counties}} 个县级行政区的边界',
    none: '尚未加载县级边界，所有任务均归属所在市。',
    file: 'GeoJSON 文件',
    fileHelp: 'FeatureCollection，每个县一个 Polygon 或 MultiPolygon 要素，坐标为 WGS-84 或 CGCS2000 经纬度。',
    chooseFile: '选择文件',
    codeProperty: '区划代码属性',
    codePropertyHelp: '要素中存放 6 位县级区划代码的属性名；留空则依次尝试 code、adcode、county_code、division_code。',
    upload: '上传并替换',
    uploaded: '已加载 {{loaded}} 个县级边界，{{relocated}} 个待下发任务已重新归属',
    remove: '全部清除',
    removeTitle: '清除全部县级边界？',
    removeContent: '清除后，待下发的任务退回所在市；已下发的任务不变。',
    removed: '已清除 {{removed}} 个县级边界，{{relocated}} 个待下发任务退回所在市',
    columns: {
      code: '区划代码',
      name: '县（区）',
      city: '所属市',
      tasks: '任务数',
      uploadedAt: '上传时间',
      uploadedBy: '上传人',
    },
  },
  patches: {
    title: '导入遥感变化图斑',
    intro: '选择图斑 GeoJSON 文件，指定各项信息对应的属性后导入。每个图斑生成一条“遥感变化图斑”核查任务，重复导入的图斑编号不会重复建任务。',
    file: 'GeoJSON 文件',
    chooseFile: '选择文件',
    fileHelp: 'FeatureCollection，图斑为 Polygon 或 MultiPolygon，坐标为 WGS-84 或 CGCS2000 经纬度。',
    read: '共 {{features}} 个要素，{{properties}} 个属性',
    notJson: '无法读取该文件：不是有效的 JSON（{{reason}}）',
    notCollection: '无法读取该文件：不是 GeoJSON 要素集合（FeatureCollection）',
    tooLarge: '文件超过 {{mib}} MiB，无法导入',
    noProperties: '文件中的要素没有任何属性，无法确定图斑编号。',
    mapping: '属性对应',
    fields: {
      patchNumber: '图斑编号',
      area: '面积（公顷）',
      beforeDate: '前时相日期',
      afterDate: '后时相日期',
      change: '变化类型',
    },
    optional: '不导入',
    patchNumberRequired: '请选择图斑编号所在的属性',
    import: '导入',
    result: '导入结果',
    counts: {
      created: '新建任务',
      duplicate: '重复',
      outside: '省外（未导入）',
      rejected: '未通过校验',
    },
    problems: '未导入的要素',
    noProblems: '所有要素均已处理，没有重复或未通过校验的要素。',
    columns: {
      feature: '要素序号',
      status: '结果',
      reason: '原因',
      task: '任务',
    },
    statuses: { created: '已新建', duplicate: '重复', rejected: '未通过' },
    sameTask: '已有任务 #{{id}}',
  },
};
export default verificationSourcesZhCN;
export type VerificationSourcesMessages = typeof verificationSourcesZhCN;
