/**
 * The camera-trap review queue (红外相机识别审核) on the wire, docs/camera-trap.md: the detections
 * of camera traps with their thumbnail and AI label, the reviewer's verdict, the species of the
 * national list of key protected wild animals (2021) to correct a label to, and the species seen
 * at each site. The endpoints are declared in api/camera-trap.ts.
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';

/** Where a detection stands in the review (docs/camera-trap.md §Statuses); `new` until reviewed. */
export const REVIEW_STATUSES = ['new', 'confirmed', 'corrected', 'blank', 'human', 'vehicle', 'unidentifiable'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer may answer: every status but `new`. */
export const REVIEW_OUTCOMES = ['confirmed', 'corrected', 'blank', 'human', 'vehicle', 'unidentifiable'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** The outcomes that name a species (the others say there is no identifiable animal). */
export const SPECIES_OUTCOMES: readonly ReviewOutcome[] = ['confirmed', 'corrected'];

/** The AI label of an uploaded photo sent without one. */
export const UNKNOWN_LABEL = 'unknown';

/** The largest count of animals a detection or a review may state. */
export const MAX_COUNT = 10_000;

/** A scientific name as labels carry it: a genus and up to three more words (`Ailuropoda melanoleuca`). */
export const SCIENTIFIC_NAME_PATTERN = '^[A-Z][a-z]+( [a-z.-]+){0,3}$';

/** 'I' 国家一级, 'II' 国家二级; null when not on the list. */
const Level = Type.Union([Type.Literal('I'), Type.Literal('II'), Type.Null()]);

/** A species as the queue shows it: its scientific name, and its Chinese name and level when it is on the national list. */
export const NamedSpeciesSchema = Type.Object({
  scientificName: Type.String({ description: 'Scientific name, or `unknown` for a photo uploaded without a label' }),
  nameZh: Type.Union([Type.String(), Type.Null()]),
  level: Level,
});
export type NamedSpecies = Static<typeof NamedSpeciesSchema>;

/** One entry of the national list (2021): a species, or a taxon rule (`taxon` `genus`, `order`, `family`) that lists a whole group. */
export const ProtectedSpeciesSchema = Type.Object({
  scientificName: Type.String(),
  nameZh: Type.String(),
  level: Type.Union([Type.Literal('I'), Type.Literal('II')]),
  /** '' for a species; `genus`, `order` or `family` for a rule listing a whole group */
  taxon: Type.String(),
});
export type ProtectedSpecies = Static<typeof ProtectedSpeciesSchema>;

/** A camera-trap Thing as the queue names it: the site (安装点位) of the camera. */
export const SiteSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** the city of the Thing's Location; null when it has none or lies outside the province */
  cityName: Type.Union([Type.String(), Type.Null()]),
});
export type Site = Static<typeof SiteSchema>;

/** One detection in the queue. */
export const CameraTrapItemSchema = Type.Object({
  id: Type.Integer(),
  site: SiteSchema,
  /** when the frame was taken (the device's phenomenonTime, or the upload's `takenAt`) */
  phenomenonTime: IsoTime,
  /** `device`: posted by the camera trap; `upload`: a photo uploaded in the back office */
  source: Type.Union([Type.Literal('device'), Type.Literal('upload')]),
  /** the AI label */
  label: NamedSpeciesSchema,
  /** of the AI label, 0–1; null when none was given */
  confidence: Type.Union([Type.Number(), Type.Null()]),
  /** the count the device or the upload stated */
  count: Type.Integer({ minimum: 0 }),
  /** the SHA-256 of the image (hex); null without one */
  imageSha256: Type.Union([Type.String(), Type.Null()]),
  /** the thumbnail (WebP, ≤ 320 px, no metadata), absolute from the origin; null without an image or when it is damaged */
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  /** the original image (signed-in users), absolute from the origin; null without an image */
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  /** the image could not be decoded in full: kept, without a thumbnail (已损坏) */
  damaged: Type.Boolean(),
  review: Type.Object({
    status: Type.Enum(REVIEW_STATUSES),
    /** confirmed: the AI label; corrected: the species chosen from the list; null otherwise */
    species: Type.Union([NamedSpeciesSchema, Type.Null()]),
    count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** the reviewer's display name (account when none) */
    reviewedBy: Type.Union([Type.String(), Type.Null()]),
    reviewedAt: Type.Union([IsoTime, Type.Null()]),
  }),
  /** the `camera_trap` verification task of this detection, once a review named a level I or II species */
  verificationTaskId: Type.Union([Type.Integer(), Type.Null()]),
});
export type CameraTrapItem = Static<typeof CameraTrapItemSchema>;

/**
 * `POST /api/camera-trap/detections/{id}/review`: `status` is the outcome; `scientificName` is
 * required with `corrected` (a species of the national list) and refused with the others; `count`
 * (0–10 000) defaults to the detection's count (at least 1) for `confirmed`/`corrected` and to 0 otherwise,
 * and must be 0 for `blank`.
 */
export const ReviewSchema = Type.Object(
  {
    status: Type.Enum(REVIEW_OUTCOMES),
    scientificName: Type.Optional(
      Type.String({ pattern: SCIENTIFIC_NAME_PATTERN, maxLength: 120, description: 'corrected: the species, e.g. Budorcas bedfordi' }),
    ),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_COUNT, description: `What the reviewer counted, 0–${MAX_COUNT}` })),
  },
  { additionalProperties: false, examples: [{ status: 'corrected', scientificName: 'Budorcas bedfordi', count: 2 }] },
);
export type Review = Static<typeof ReviewSchema>;

/** The answer to one uploaded photo. */
export const UploadResultSchema = Type.Object({
  detection: CameraTrapItemSchema,
  /** the file could not be decoded in full: stored and queued as 已损坏, without a thumbnail */
  damaged: Type.Boolean(),
  /** the same file was already uploaded for this camera trap: `detection` is that one, nothing new was stored */
  duplicate: Type.Boolean(),
});
export type UploadResult = Static<typeof UploadResultSchema>;

/** The species reviewers found at one site, with how often. */
export const SiteSpeciesSchema = Type.Object({
  site: SiteSchema,
  species: Type.Array(
    Type.Object({
      scientificName: Type.String(),
      nameZh: Type.Union([Type.String(), Type.Null()]),
      level: Level,
      /** detections confirmed or corrected to it */
      detections: Type.Integer({ minimum: 1 }),
      /** the sum of the reviewed counts */
      individuals: Type.Integer({ minimum: 0 }),
      lastSeenAt: IsoTime,
    }),
  ),
});
export type SiteSpecies = Static<typeof SiteSpeciesSchema>;

/** The largest camera-trap image accepted (bytes), or the server's upload limit if smaller. */
export const CAMERA_TRAP_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
