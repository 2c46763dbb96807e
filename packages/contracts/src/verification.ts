/**
 * Field verification (核查任务), docs/verification.md: something seen from the sky or by a machine
 * becomes a task of the division it lies in, is dispatched (下发), checked on the ground (核查),
 * answered with a verdict (反馈), reviewed (审核) and closed (销号) or returned (退回).
 *
 * The kinds, their deadlines and their verdict lists are data (the `verification_kinds` table,
 * editable by administrators); the codes below are those the portal ships with.
 */
import { type Static, Type } from 'typebox';
import { IsoTime } from './common';
import { MultiLine } from './text';

/** The kinds the portal ships with (docs/verification.md §Kinds). */
export const VERIFICATION_KIND_CODES = ['hotspot', 'change_patch', 'fire_alarm', 'camera_trap', 'patrol'] as const;
export type VerificationKindCode = (typeof VERIFICATION_KIND_CODES)[number];

/** 待下发 → 已下发 → 核查中 → 已反馈 → 已办结; 退回 takes 已反馈 back to 核查中 (docs/verification.md §Statuses). */
export const TASK_STATUSES = ['pending', 'dispatched', 'verifying', 'fed_back', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What a step of a task did (its history). */
export const TASK_ACTIONS = ['import', 'dispatch', 'start', 'feedback', 'return', 'close'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

const Text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const VerdictSchema = Type.Object({
  code: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  zh: Type.String(Text(40)),
  en: Type.String(Text(80)),
});
export type Verdict = Static<typeof VerdictSchema>;

export const VerificationKindSchema = Type.Object({
  code: Type.String(),
  zh: Type.String(),
  en: Type.String(),
  /** hours from dispatch to the feedback deadline */
  deadlineHours: Type.Integer({ minimum: 1 }),
  /** imported tasks of this kind are dispatched at once, by the system */
  autoDispatch: Type.Boolean(),
  verdicts: Type.Array(VerdictSchema),
});
export type VerificationKind = Static<typeof VerificationKindSchema>;

/** `PATCH /api/verification/kinds/{code}`: the deadline rule and automatic dispatch. */
export const UpdateVerificationKindSchema = Type.Object(
  {
    deadlineHours: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 24 * 366, description: 'Hours from dispatch to the feedback deadline (1 h to 366 days)' }),
    ),
    autoDispatch: Type.Optional(Type.Boolean({ description: 'Dispatch imported tasks of this kind at once' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateVerificationKind = Static<typeof UpdateVerificationKindSchema>;

const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 3 });
/** GeoJSON (RFC 7946) geometry of a task: a point or a (multi)polygon, WGS-84 longitude, latitude. */
export const TaskGeometrySchema = Type.Union([
  Type.Object({ type: Type.Literal('Point'), coordinates: Position }),
  Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Type.Array(Position)) }),
  Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Array(Type.Array(Position))) }),
]);

const Organisation = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

export const VerificationTaskSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  status: Type.Enum(TASK_STATUSES),
  /** where it came from, e.g. `FIRMS MODIS` */
  source: Type.String(),
  /** the detection's identity in its source (for FIRMS: instrument, satellite, date, time, position) */
  sourceId: Type.String(),
  geometry: TaskGeometrySchema,
  /** WGS-84 degrees: the point, or a point inside the polygon */
  longitude: Type.Number(),
  latitude: Type.Number(),
  detectedAt: IsoTime,
  /** 6-digit code (GB/T 2260) of the county, or of the city (`610800`) where no county boundaries are loaded */
  divisionCode: Type.String(),
  divisionName: Type.String(),
  /** the city it lies in (6-digit) */
  cityCode: Type.String(),
  cityName: Type.String(),
  /** the organisation responsible for verifying it */
  organisation: Organisation,
  /** the feedback deadline (set at dispatch) */
  deadlineAt: Type.Union([IsoTime, Type.Null()]),
  /** dispatched or being verified, and past the deadline */
  overdue: Type.Boolean(),
  verdict: Type.Union([Type.String(), Type.Null()]),
  /** the source's own values, e.g. FIRMS `brightness`, `frp`, `confidence`, `daynight` */
  properties: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  createdAt: IsoTime,
  dispatchedAt: Type.Union([IsoTime, Type.Null()]),
  feedbackAt: Type.Union([IsoTime, Type.Null()]),
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type VerificationTask = Static<typeof VerificationTaskSchema>;

export const TaskStepSchema = Type.Object({
  id: Type.Integer(),
  action: Type.Enum(TASK_ACTIONS),
  /** the status after this step */
  status: Type.Enum(TASK_STATUSES),
  at: IsoTime,
  /** `system` for automatic steps */
  actorAccount: Type.String(),
  actorName: Type.Union([Type.String(), Type.Null()]),
  verdict: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type TaskStep = Static<typeof TaskStepSchema>;

/** A photo of a task (docs/verification.md §Photos); the image itself is `GET /api/verification/photos/{id}`. */
export const TaskPhotoSchema = Type.Object({
  id: Type.Integer(),
  /** the step it was sent with; null until that step is taken */
  stepId: Type.Union([Type.Integer(), Type.Null()]),
  /** where the camera was, from the photo's EXIF GPS block (WGS-84 degrees); null without one */
  longitude: Type.Union([Type.Number(), Type.Null()]),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  /** metres from that position to the task's point; null without a position */
  distanceMetres: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  /** EXIF DateTimeOriginal (read as China Standard Time unless the photo states its offset) */
  takenAt: Type.Union([IsoTime, Type.Null()]),
  uploadedAt: IsoTime,
  /** the uploader's account */
  uploadedBy: Type.String(),
});
export type TaskPhoto = Static<typeof TaskPhotoSchema>;

export const VerificationTaskDetailSchema = Type.Object({
  task: VerificationTaskSchema,
  steps: Type.Array(TaskStepSchema),
  photos: Type.Array(TaskPhotoSchema),
  /** what the signed-in user may do with it now */
  allowed: Type.Array(Type.Enum(TASK_ACTIONS)),
});
export type VerificationTaskDetail = Static<typeof VerificationTaskDetailSchema>;

/** A note of a step: up to 2 000 characters. */
export const NOTE_MAX = 2000;
const Note = MultiLine({ maxLength: NOTE_MAX, description: 'What was done or seen (up to 2 000 characters)' });

/** The most photos sent with one step. */
export const STEP_PHOTOS_MAX = 20;
const PhotoIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
  maxItems: STEP_PHOTOS_MAX,
  uniqueItems: true,
  description: 'Photos uploaded to the task (`POST /api/verification/tasks/{id}/photos`) that belong to this step (up to 20)',
});

export const StepNoteSchema = Type.Object({ note: Type.Optional(Note), photoIds: Type.Optional(PhotoIds) }, { additionalProperties: false });
export type StepNote = Static<typeof StepNoteSchema>;

export const FeedbackSchema = Type.Object(
  {
    verdict: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: "One of the kind's verdict codes" }),
    note: Type.Optional(Note),
    photoIds: Type.Optional(PhotoIds),
  },
  { additionalProperties: false },
);
export type Feedback = Static<typeof FeedbackSchema>;

export const ReturnSchema = Type.Object(
  { note: MultiLine({ maxLength: NOTE_MAX, description: 'Why it goes back to the verifiers (required)' }), photoIds: Type.Optional(PhotoIds) },
  { additionalProperties: false },
);
export type ReturnTask = Static<typeof ReturnSchema>;

export const BulkDispatchSchema = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { minItems: 1, maxItems: 500, uniqueItems: true }) },
  { additionalProperties: false },
);
export type BulkDispatch = Static<typeof BulkDispatchSchema>;

export const BulkDispatchResultSchema = Type.Object({
  dispatched: Type.Array(Type.Integer()),
});

/** One row of an import: every created, duplicate or rejected row (rows outside the province are only counted). */
export const ImportItemSchema = Type.Object({
  /** 1-based line of the file (the header is line 1) */
  line: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal('created'), Type.Literal('duplicate'), Type.Literal('rejected')]),
  /** 6-digit code of the county or city it fell in; null when rejected */
  divisionCode: Type.Union([Type.String(), Type.Null()]),
  /** the task created, or the one it duplicates */
  taskId: Type.Union([Type.Integer(), Type.Null()]),
  /** why a row was rejected */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type ImportItem = Static<typeof ImportItemSchema>;

export const ImportResultSchema = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  duplicate: Type.Integer({ minimum: 0 }),
  /** valid rows outside the province's boundary */
  outside: Type.Integer({ minimum: 0 }),
  rejected: Type.Integer({ minimum: 0 }),
  items: Type.Array(ImportItemSchema),
});
export type ImportResult = Static<typeof ImportResultSchema>;

/** The largest task photo accepted (bytes), or the server's upload limit if smaller: a 48 MP phone JPEG is about 15 MB. */
export const TASK_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
