/**
 * Field verification (核查任务), docs/verification.md: importing detections, dispatching them to
 * the organisations they belong to, verifying, reviewing and closing. Who may do what is in
 * docs/verification.md §Who does what; a step out of order is 409 TASK_STATE_CONFLICT and a step
 * by someone else 403 FORBIDDEN, nothing changed.
 */
import { Type } from 'typebox';
import { ById, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import {
  BulkDispatchResultSchema,
  BulkDispatchSchema,
  FeedbackSchema,
  ImportResultSchema,
  ReturnSchema,
  StepNoteSchema,
  TASK_STATUSES,
  TaskPhotoSchema,
  UpdateVerificationKindSchema,
  VerificationKindSchema,
  VerificationTaskDetailSchema,
  VerificationTaskSchema,
} from '../verification';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['verification'] as const;
const anyone = signedIn();

const KindCode = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'Kind code, e.g. `hotspot`', examples: ['hotspot'] });
export const Division = Type.String({ pattern: '^61[0-9]{4}$', description: '6-digit division code (GB/T 2260) of a city or county, e.g. 610800' });

/** The header and one row of the bundled FIRMS sample (MODIS C6.1, global 24 h): an Aqua detection in 渭南市. */
const FIRMS_EXAMPLE = [
  'latitude,longitude,brightness,scan,track,acq_date,acq_time,satellite,confidence,version,bright_t31,frp,daynight',
  '34.58599,109.70001,317.68,1.08,1.04,2022-02-26,0603,A,74,6.1NRT,299.43,12.14,D',
  '',
].join('\n');

/** The filters of the task list and its exports. */
export const TASK_FILTERS = {
  kind: Type.Optional(KindCode),
  status: Type.Optional(Type.Enum(TASK_STATUSES)),
  division: Type.Optional(Division),
  overdue: Type.Optional(Type.Boolean()),
};

const PHOTOS = ' `photoIds` attaches photos uploaded to the task beforehand (400 TASK_PHOTO_UNKNOWN when one is not of this task or belongs to another step).';
const TRANSITION = `${PHOTOS} Answers the task as \`GET /api/verification/tasks/{id}\`. Audited in the same transaction.`;

export const verificationApi = defineEndpoints({
  listVerificationKinds: {
    method: 'GET',
    path: '/api/verification/kinds',
    summary: 'Kinds of verification task with their deadline rule and verdicts (signed-in users)',
    description:
      'In display order. `deadlineHours` counts from dispatch; `verdicts` are the answers a verifier may give for the kind (docs/verification.md §Kinds).',
    tags,
    access: anyone,
    response: Type.Array(VerificationKindSchema),
    errors: [],
  },
  updateVerificationKind: {
    method: 'PATCH',
    path: '/api/verification/kinds/{code}',
    summary: 'Change the deadline rule or automatic dispatch of a kind (administrators)',
    description: 'Applies to tasks dispatched from now on; deadlines already set stay. Audited `verification_kind.update`.',
    tags,
    access: signedIn('admin'),
    params: Type.Object({ code: KindCode }),
    body: UpdateVerificationKindSchema,
    response: VerificationKindSchema,
    errors: ['VERIFICATION_KIND_NOT_FOUND'],
  },
  importHotspots: {
    method: 'POST',
    path: '/api/verification/hotspots',
    summary: 'Import a NASA FIRMS active-fire CSV as hotspot tasks (province-level users)',
    description:
      'The body is the file exactly as FIRMS publishes it (`text/csv`, UTF-8): MODIS C6.1 or VIIRS columns, a global, regional or country file. Only detections inside the province (the bundled city boundaries) become tasks, each of the city (or county) it lies in. The same detection (instrument, satellite, `acq_date`, `acq_time`, position) imported again is a duplicate. A row that cannot be read is rejected with its reason; the others are imported. `items` lists every created, duplicate or rejected row with its 1-based line. Up to 64 MiB. For administrators and users of the province organisation (docs/verification.md §Who does what). Audited `verification.import` with the counts.',
    tags,
    access: anyone,
    bodyMediaType: 'text/csv',
    body: Type.String({ description: 'A FIRMS active-fire CSV', examples: [FIRMS_EXAMPLE] }),
    response: ImportResultSchema,
    errors: ['FIRMS_CSV_INVALID', 'FORBIDDEN'],
  },
  importSampleHotspots: {
    method: 'POST',
    path: '/api/verification/hotspots/sample',
    summary: 'Import the bundled FIRMS sample (MODIS C6.1, global, 2022-02-27) (province-level users)',
    description:
      'As `POST /api/verification/hotspots` with the bundled file `firms-modis-c61-global-24h-2022-02-27.csv` (data/README.md): 19 416 detections, 19 in Shaanxi.',
    tags,
    access: anyone,
    response: ImportResultSchema,
    errors: ['FORBIDDEN'],
  },
  listVerificationTasks: {
    method: 'GET',
    path: '/api/verification/tasks',
    summary: 'Verification tasks within the organisation scope (signed-in users)',
    description:
      'Newest detection first. Province-level users see every task; users of a city or county organisation the tasks of their organisation and those under it (docs/verification.md §Who does what). `overdue=true`: dispatched or being verified past the deadline.',
    tags,
    access: anyone,
    query: Type.Object({ ...TASK_FILTERS, ...paging(100, 20) }, { additionalProperties: false }),
    response: PageOf(VerificationTaskSchema),
    errors: [],
  },
  getVerificationTask: {
    method: 'GET',
    path: '/api/verification/tasks/{id}',
    summary: 'One task with its history and what the signed-in user may do now',
    description: 'Outside the organisation scope it is 404, as if it did not exist.',
    tags,
    access: anyone,
    params: ById,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND'],
  },
  dispatchVerificationTask: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/dispatch',
    summary: '下发: send a pending task to its organisation (province-level users)',
    description: `待下发 → 已下发; the deadline is set from the kind's rule. ${TRANSITION}`,
    tags,
    access: anyone,
    params: ById,
    body: StepNoteSchema,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN', 'TASK_PHOTO_UNKNOWN'],
  },
  dispatchVerificationTasks: {
    method: 'POST',
    path: '/api/verification/tasks/dispatch',
    summary: '下发 in bulk: send pending tasks to their organisations (province-level users)',
    description: 'All or nothing: one task that is not pending (or not found) refuses the whole request. Each task is audited.',
    tags,
    access: anyone,
    body: BulkDispatchSchema,
    response: BulkDispatchResultSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN'],
  },
  startVerificationTask: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/start',
    summary: '核查: the responsible organisation starts checking on the ground',
    description: `已下发 → 核查中, by a user of the responsible organisation (or an administrator). ${TRANSITION}`,
    tags,
    access: anyone,
    params: ById,
    body: StepNoteSchema,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN', 'TASK_PHOTO_UNKNOWN'],
  },
  feedBackVerificationTask: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/feedback',
    summary: '反馈: the verdict and what was seen',
    description: `已下发 or 核查中 → 已反馈, by a user of the responsible organisation (or an administrator); \`verdict\` is one of the kind's verdicts. ${TRANSITION}`,
    tags,
    access: anyone,
    params: ById,
    body: FeedbackSchema,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'VERDICT_UNKNOWN', 'FORBIDDEN', 'TASK_PHOTO_UNKNOWN'],
  },
  returnVerificationTask: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/return',
    summary: '退回: the reviewing organisation sends the feedback back, with the reason',
    description: `已反馈 → 核查中, by a user of an organisation above the responsible one (or an administrator). ${TRANSITION}`,
    tags,
    access: anyone,
    params: ById,
    body: ReturnSchema,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN', 'TASK_PHOTO_UNKNOWN'],
  },
  closeVerificationTask: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/close',
    summary: '销号: the reviewing organisation accepts the feedback and closes the task',
    description: `已反馈 → 已办结, by a user of an organisation above the responsible one (or an administrator). ${TRANSITION}`,
    tags,
    access: anyone,
    params: ById,
    body: StepNoteSchema,
    response: VerificationTaskDetailSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN', 'TASK_PHOTO_UNKNOWN'],
  },
  uploadTaskPhoto: {
    method: 'POST',
    path: '/api/verification/tasks/{id}/photos',
    summary: 'Upload a photo of a task, for the next step (who may take a step on it now)',
    description:
      'multipart/form-data with one image (JPEG, PNG, WebP or GIF, recognised from its content, at most 20 MiB or the server limit if smaller), by a user who may take a step on the task now (start, feedback, return or close). The EXIF GPS position and time are read and answered with the distance to the task. The same file sent again for the same task answers the photo already stored (a retried upload creates nothing new). Send its `id` in `photoIds` of the step it belongs to.',
    tags,
    access: anyone,
    params: ById,
    upload: { description: 'The photo' },
    status: 201,
    response: TaskPhotoSchema,
    errors: ['VERIFICATION_TASK_NOT_FOUND', 'TASK_STATE_CONFLICT', 'FORBIDDEN'],
  },
  getTaskPhoto: {
    method: 'GET',
    path: '/api/verification/photos/{id}',
    summary: 'A photo of a task: the original or a thumbnail (users who may see the task)',
    description:
      '`size=thumb` (default): WebP, upright, without metadata; `size=full`: the image as uploaded (with its EXIF block). Cached privately for an hour. Outside the organisation scope it is 404 TASK_PHOTO_NOT_FOUND.',
    tags,
    access: anyone,
    params: ById,
    query: Type.Object(
      {
        size: Type.Optional(Type.Union([Type.Literal('thumb'), Type.Literal('full')], { default: 'thumb' })),
      },
      { additionalProperties: false },
    ),
    raw: { mediaTypes: ['image/webp', 'image/jpeg', 'image/png', 'image/gif'], description: 'The thumbnail (WebP) or the original photo' },
    errors: ['TASK_PHOTO_NOT_FOUND'],
  },
});
