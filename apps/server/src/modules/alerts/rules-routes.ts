import type { FastifyInstance } from 'fastify';
import type { AlertRule } from '@eco/contracts/sensing';
import { alertsApi as api } from '@eco/contracts/api/alerts';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { SensingBus } from '../sensing/events';
import { createAlertRule, listAlertRules, setAlertRuleEnabled, updateAlertRule, type SavedRule } from './rules';
import { publishAlertChanges } from './service';

/**
 * Alert rules under `/api/sensing/alert-rules`: the handlers of `listAlertRules`,
 * `createAlertRule`, `updateAlertRule`, `enableAlertRule` and `disableAlertRule`
 * (@eco/contracts/api/alerts.ts). A change that decides which Things break a rule re-evaluates its
 * alerts in its transaction (rules.ts); the alerts opened and closed are published on the event
 * stream after commit.
 */
export async function alertRulesRoutes(app: FastifyInstance, { db, now, bus }: { db: Db; now: () => Date; bus: SensingBus }): Promise<void> {
  /** Publishes what the saving moved, and answers with the rule. */
  const published = async ({ rule, alerts }: SavedRule): Promise<AlertRule> => {
    await publishAlertChanges(db, bus, alerts);
    return rule;
  };

  route(app, api.listAlertRules, async () => listAlertRules(db));
  route(app, api.createAlertRule, async (request) => published(await createAlertRule(db, actingOf(request), now(), request.body)));
  route(app, api.updateAlertRule, async (request) => published(await updateAlertRule(db, actingOf(request), now(), request.params.id, request.body)));
  route(app, api.enableAlertRule, async (request) => published(await setAlertRuleEnabled(db, actingOf(request), now(), request.params.id, true)));
  route(app, api.disableAlertRule, async (request) => published(await setAlertRuleEnabled(db, actingOf(request), now(), request.params.id, false)));
}
