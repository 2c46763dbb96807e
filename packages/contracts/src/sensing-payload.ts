/**
 * Checks a device payload item by item against the access specification's schemas
 * (`./sensing`): what the payload validator on /application-tools shows. The server checks the
 * same schemas as the body of `POST /api/sensing/observations` and `…/detections` (a malformed
 * item refuses the whole request with 400 naming it, e.g. `body/observations/3/result`) before its
 * own checks of ownership, time, range and duplicates, which it answers item by item.
 *
 * Uses TypeBox's interpreting checker (`typebox/value`), which runs under a Content-Security-Policy
 * without 'unsafe-eval'.
 */
import { Value } from 'typebox/value';
import { DetectionItemSchema, MAX_BATCH, ObservationItemSchema } from './sensing';

export type PayloadKind = 'observations' | 'detections';

export interface ItemProblem {
  /** position in the batch, from 0 */
  index: number;
  /** JSON pointer inside the item, e.g. `/result`; '' for the item itself */
  path: string;
  /** the schema's words (en), e.g. `must be number` */
  message: string;
}

export type PayloadCheck =
  | { ok: false; problem: 'not-json'; detail: string }
  | { ok: false; problem: 'not-batch' }
  | { ok: false; problem: 'too-many'; count: number }
  | { ok: true; count: number; problems: ItemProblem[] };

/** The first problem of one item (null when it is well-formed). */
export function itemProblem(kind: PayloadKind, index: number, item: unknown): ItemProblem | null {
  const schema = kind === 'observations' ? ObservationItemSchema : DetectionItemSchema;
  if (Value.Check(schema, item)) return null;
  const [first] = [...Value.Errors(schema, item)];
  return { index, path: first?.instancePath ?? '', message: first?.message ?? 'not a valid item' };
}

/** Parses `text` and checks every item of the batch `{ observations | detections: [...] }` (at most MAX_BATCH). */
export function checkPayload(kind: PayloadKind, text: string): PayloadCheck {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: 'not-json', detail: error instanceof Error ? error.message : String(error) };
  }
  const items = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[kind] : undefined;
  if (!Array.isArray(items) || items.length === 0) return { ok: false, problem: 'not-batch' };
  if (items.length > MAX_BATCH) return { ok: false, problem: 'too-many', count: items.length };
  const problems: ItemProblem[] = [];
  items.forEach((item, index) => {
    const problem = itemProblem(kind, index, item);
    if (problem) problems.push(problem);
  });
  return { ok: true, count: items.length, problems };
}
