/**
 * County boundaries (docs/verification.md §County boundaries): none are bundled (no openly
 * licensed county polygons exist), so an administrator uploads them as GeoJSON. Once loaded, a
 * task inside a county belongs to the county (locate.ts) and to its organisation (else the
 * city's). An upload replaces every loaded boundary; the pending (待下发) tasks move with it,
 * since nobody has been sent them yet; dispatched tasks stay with the organisation they were sent to.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MultiPolygon, Polygon } from 'geojson';
import {
  COUNTY_CODE_PROPERTIES,
  type CountyBoundaries,
  type CountyBoundariesRemoved,
  type CountyBoundariesReplaced,
} from '@eco/contracts/verification-sources';
import type { Acting } from '../../auth/acting';
import { type Db, inTransaction } from '../../db/client';
import { cityBoundaries, countyBoundaries, divisions, users, verificationTasks as t } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { validationError } from '../../http/validation-error';
import { toIsoCst } from '../../lib/time';
import { audit } from '../audit/service';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { featureOf, isProblem, type Problem, pointOn, polygonOf, readFeatureCollection } from './geojson';
import type { GeoJsonUpload } from './geojson-upload';
import { DivisionLocator, sixDigit } from './locate';
import { organisationFor, organisationsByDivision } from './task-import';

/** The text parts an upload may carry besides its file. */
export const COUNTY_UPLOAD_FIELDS = ['codeProperty'] as const;
/** Bad features named in one refusal; the rest are counted. */
const LISTED = 20;

const city = alias(divisions, 'city');

/** The loaded boundaries with their county, city, uploader and tasks, and how many counties the province has. */
export async function listCountyBoundaries(db: Db): Promise<CountyBoundaries> {
  const rows = await db
    .select({
      code: countyBoundaries.divisionCode,
      name: divisions.name,
      cityCode: divisions.parentCode,
      cityName: city.name,
      uploadedAt: countyBoundaries.uploadedAt,
      uploadedBy: users.account,
      tasks: sql<number>`(select count(*)::int from ${t} where ${t.divisionCode} = ${countyBoundaries.divisionCode})`,
    })
    .from(countyBoundaries)
    .innerJoin(divisions, eq(divisions.code, countyBoundaries.divisionCode))
    .leftJoin(city, eq(city.code, divisions.parentCode))
    .leftJoin(users, eq(users.id, countyBoundaries.uploadedBy))
    .orderBy(asc(countyBoundaries.divisionCode));
  const [all] = await db.select({ n: count() }).from(divisions).where(eq(divisions.level, 'county'));
  return {
    items: rows.map((row) => ({
      code: row.code,
      name: row.name,
      cityCode: sixDigit(row.cityCode ?? row.code.slice(0, 4)),
      cityName: row.cityName ?? '',
      tasks: Number(row.tasks),
      uploadedAt: toIsoCst(row.uploadedAt),
      uploadedBy: row.uploadedBy,
    })),
    loaded: rows.length,
    counties: all?.n ?? 0,
  };
}

interface County {
  code: string;
  geometry: Polygon | MultiPolygon;
}

/** The county code of a feature's properties: `property`'s, else the first of COUNTY_CODE_PROPERTIES present. */
function codeOf(properties: Record<string, unknown>, property: string | undefined): { value: string } | Problem {
  const name = property ?? COUNTY_CODE_PROPERTIES.find((p) => properties[p] !== undefined && properties[p] !== null && properties[p] !== '');
  const raw = name === undefined ? undefined : properties[name];
  if (raw === undefined || raw === null || raw === '') {
    const tried = property ?? COUNTY_CODE_PROPERTIES.join(', ');
    return { zh: `属性 ${tried} 中没有县级区划代码`, en: `no county code in the propert${property ? 'y' : 'ies'} ${tried}` };
  }
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!/^\d{6}$/.test(value)) {
    const shown = JSON.stringify(raw).slice(0, 40);
    return { zh: `${name} 的值 ${shown} 不是 6 位区划代码`, en: `${name} ${shown} is not a 6-digit division code` };
  }
  return { value };
}

/**
 * Reads the counties of `features`, each checked: a Feature; its code (in `property`, or the
 * default properties) a county of the province, once in the file; its geometry a valid
 * (multi)polygon (geojson.ts) with a point on it inside the county's city. Refuses the whole file
 * with 400 COUNTY_BOUNDARIES_INVALID naming each bad feature (1-based) and why.
 */
async function readCounties(db: Db, features: readonly unknown[], property: string | undefined): Promise<County[]> {
  const known = new Map(
    (await db.select({ code: divisions.code, name: divisions.name, cityCode: divisions.parentCode }).from(divisions).where(eq(divisions.level, 'county'))).map(
      (d) => [d.code, d],
    ),
  );
  const cities = new Map(
    (await db.select({ code: cityBoundaries.divisionCode, name: cityBoundaries.name, geometry: cityBoundaries.geometry }).from(cityBoundaries)).map((c) => [
      c.code,
      c,
    ]),
  );
  const problems: { feature: number; problem: Problem }[] = [];
  const firstOf = new Map<string, number>();
  const counties: County[] = [];
  features.forEach((value, i) => {
    const number = i + 1;
    const problem = (() => {
      const feature = featureOf(value);
      if (isProblem(feature)) return feature;
      const code = codeOf(feature.properties, property);
      if (isProblem(code)) return code;
      const county = known.get(code.value);
      if (!county) {
        return {
          zh: `${code.value} 不是陕西省的县级区划（data/shaanxi-divisions.json）`,
          en: `${code.value} is not a county of Shaanxi (data/shaanxi-divisions.json)`,
        };
      }
      const first = firstOf.get(code.value);
      if (first !== undefined)
        return { zh: `${code.value}（${county.name}）与第 ${first} 个要素重复`, en: `${code.value} (${county.name}) is also feature ${first}` };
      firstOf.set(code.value, number);
      const geometry = polygonOf(feature.geometry);
      if (isProblem(geometry)) return geometry;
      const home = county.cityCode ? cities.get(county.cityCode) : undefined;
      if (home && !booleanPointInPolygon(pointOn(geometry), home.geometry)) {
        return {
          zh: `${code.value}（${county.name}）的边界不在${home.name}境内`,
          en: `the boundary of ${code.value} (${county.name}) does not lie in its city ${home.name} (${sixDigit(home.code)})`,
        };
      }
      counties.push({ code: code.value, geometry });
      return null;
    })();
    if (problem) problems.push({ feature: number, problem });
  });
  if (problems.length > 0) {
    const listed = problems.slice(0, LISTED);
    const more = problems.length - listed.length;
    throw new AppError('COUNTY_BOUNDARIES_INVALID', {
      zh: listed.map((p) => `第 ${p.feature} 个要素：${p.problem.zh}`).join('；') + (more > 0 ? `；另有 ${more} 个要素有误` : ''),
      en: listed.map((p) => `feature ${p.feature}: ${p.problem.en}`).join('; ') + (more > 0 ? `; and ${more} more features` : ''),
    });
  }
  return counties;
}

/**
 * Moves every pending (待下发) task to the division its point lies in now (the boundaries as `tx`
 * sees them) and that division's organisation (else the city's), each move audited
 * `verification_task.relocate`. Answers how many moved.
 */
async function relocatePending(tx: Db, acting: Acting): Promise<number> {
  const locator = await DivisionLocator.load(tx);
  const orgOf = await organisationsByDivision(tx);
  const pending = await tx
    .select({ id: t.id, longitude: t.longitude, latitude: t.latitude, divisionCode: t.divisionCode, organisationId: t.organisationId })
    .from(t)
    .where(eq(t.status, 'pending'))
    .orderBy(t.id)
    .for('update');
  let moved = 0;
  for (const task of pending) {
    const place = locator.locate(task.longitude, task.latitude);
    // a task lies in the province, so in a city at least; should the city boundaries ever change under it, it stays
    if (!place) continue;
    const organisationId = organisationFor(orgOf, place);
    if (place.divisionCode === task.divisionCode && organisationId === task.organisationId) continue;
    await tx.update(t).set({ divisionCode: place.divisionCode, organisationId }).where(eq(t.id, task.id));
    await audit(tx, {
      actor: acting.actor,
      ip: acting.ip,
      action: 'verification_task.relocate',
      entityType: 'verification_task',
      entityId: task.id,
      before: { divisionCode: sixDigit(task.divisionCode), organisationId: task.organisationId },
      after: { divisionCode: sixDigit(place.divisionCode), organisationId },
    });
    moved++;
  }
  return moved;
}

/** Takes the table's lock, so two uploads (or an upload and a removal) run one after the other. */
async function lockBoundaries(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${countyBoundaries} in exclusive mode`);
}

/**
 * Replaces the loaded county boundaries with those of `upload` (a GeoJSON FeatureCollection; the
 * text part `codeProperty` names the property of the codes), as an administrator, in one
 * transaction with the pending tasks' moves and the audit row `county_boundaries.replace`.
 * Errors, nothing changed: 400 GEOJSON_INVALID (not a FeatureCollection, or an empty one),
 * COUNTY_BOUNDARIES_INVALID (see {@link readCounties}), VALIDATION_FAILED (`codeProperty` blank
 * or longer than 100 characters).
 */
export async function replaceCountyBoundaries(db: Db, now: Date, acting: Acting, upload: GeoJsonUpload): Promise<CountyBoundariesReplaced> {
  const property = upload.fields.codeProperty?.trim();
  if (property !== undefined && (property === '' || property.length > 100)) {
    throw validationError('body', [
      {
        keyword: property === '' ? 'minLength' : 'maxLength',
        instancePath: '/codeProperty',
        schemaPath: '#/properties/codeProperty',
        params: { limit: property === '' ? 1 : 100 },
        message: property === '' ? 'must NOT have fewer than 1 characters' : 'must NOT have more than 100 characters',
      },
    ]);
  }
  const features = readFeatureCollection(upload.bytes);
  if (features.length === 0) {
    throw new AppError('GEOJSON_INVALID', {
      zh: '文件中没有要素（如要清除已加载的边界，请使用删除）',
      en: 'the collection has no features (to remove the loaded boundaries, delete them)',
    });
  }
  const counties = await readCounties(db, features, property);
  const relocated = await inTransaction(db, async (tx) => {
    await lockBoundaries(tx);
    const [{ n: before } = { n: 0 }] = await tx.select({ n: count() }).from(countyBoundaries);
    await tx.delete(countyBoundaries);
    await tx
      .insert(countyBoundaries)
      .values(counties.map((c) => ({ divisionCode: c.code, geometry: c.geometry, uploadedAt: now, uploadedBy: acting.actor.id })));
    const relocated = await relocatePending(tx, acting);
    await audit(tx, {
      actor: acting.actor,
      ip: acting.ip,
      action: 'county_boundaries.replace',
      entityType: 'county_boundaries',
      entityId: null,
      before: { counties: before },
      after: { file: upload.fileName, counties: counties.length, codes: counties.map((c) => c.code), relocated },
    });
    return relocated;
  });
  return { ...(await listCountyBoundaries(db)), relocated };
}

/** Removes every county boundary, in one transaction with the pending tasks' moves back to their cities and the audit row `county_boundaries.remove`. */
export function removeCountyBoundaries(db: Db, acting: Acting): Promise<CountyBoundariesRemoved> {
  return inTransaction(db, async (tx) => {
    await lockBoundaries(tx);
    const removed = (await tx.delete(countyBoundaries).returning({ code: countyBoundaries.divisionCode })).length;
    const relocated = await relocatePending(tx, acting);
    if (removed > 0 || relocated > 0) {
      await audit(tx, {
        actor: acting.actor,
        ip: acting.ip,
        action: 'county_boundaries.remove',
        entityType: 'county_boundaries',
        entityId: null,
        after: { removed, relocated },
      });
    }
    return { removed, relocated };
  });
}
