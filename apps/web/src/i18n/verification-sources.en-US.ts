import type { VerificationSourcesMessages } from './verification-sources.zh-CN';

/** en-US messages of the verification sources; the type keeps every key of zh-CN present. */
const verificationSourcesEnUS: VerificationSourcesMessages = {
  counties: {
    title: 'County boundaries',
    intro:
      'With county boundaries loaded, a verification task inside a county belongs to that county and its organisation; the others stay with their city. An upload replaces every loaded boundary: pending tasks move with it, dispatched tasks stay where they are.',
    summary: 'Boundaries of {{loaded}} of {{counties}} counties loaded',
    none: 'No county boundaries loaded: every task belongs to its city.',
    file: 'GeoJSON file',
    fileHelp: 'A FeatureCollection with one Polygon or MultiPolygon feature per county, in WGS-84 or CGCS2000 degrees.',
    chooseFile: 'Choose file',
    codeProperty: 'Code property',
    codePropertyHelp: 'The property holding each county’s 6-digit division code; leave blank to try code, adcode, county_code and division_code in turn.',
    upload: 'Upload and replace',
    uploaded: '{{loaded}} county boundaries loaded; {{relocated}} pending tasks moved',
    remove: 'Remove all',
    removeTitle: 'Remove every county boundary?',
    removeContent: 'Pending tasks go back to their city; dispatched tasks stay where they are.',
    removed: '{{removed}} county boundaries removed; {{relocated}} pending tasks back to their city',
    columns: {
      code: 'Code',
      name: 'County',
      city: 'City',
      tasks: 'Tasks',
      uploadedAt: 'Uploaded',
      uploadedBy: 'Uploaded by',
    },
  },
  patches: {
    title: 'Import change patches',
    intro:
      'Choose a GeoJSON file of remote-sensing change patches, say which property holds each value, and import. Each patch becomes a change-patch verification task; a patch number imported again makes no second task.',
    file: 'GeoJSON file',
    chooseFile: 'Choose file',
    fileHelp: 'A FeatureCollection of Polygon or MultiPolygon patches, in WGS-84 or CGCS2000 degrees.',
    read: '{{features}} features, {{properties}} properties',
    notJson: 'The file cannot be read: it is not JSON ({{reason}})',
    notCollection: 'The file cannot be read: it is not a GeoJSON FeatureCollection',
    tooLarge: 'The file is larger than {{mib}} MiB and cannot be imported',
    noProperties: 'The features have no properties, so there is no patch number to read.',
    mapping: 'Property mapping',
    fields: {
      patchNumber: 'Patch number',
      area: 'Area (ha)',
      beforeDate: 'Before date',
      afterDate: 'After date',
      change: 'Change',
    },
    optional: 'Not imported',
    patchNumberRequired: 'Choose the property holding the patch number',
    import: 'Import',
    result: 'Result',
    counts: {
      created: 'Tasks created',
      duplicate: 'Duplicates',
      outside: 'Outside the province (skipped)',
      rejected: 'Rejected',
    },
    problems: 'Features not imported',
    noProblems: 'Every feature was handled: no duplicates and nothing rejected.',
    columns: {
      feature: 'Feature',
      status: 'Result',
      reason: 'Reason',
      task: 'Task',
    },
    statuses: { created: 'Created', duplicate: 'Duplicate', rejected: 'Rejected' },
    sameTask: 'Existing task #{{id}}',
  },
};
export default verificationSourcesEnUS;
