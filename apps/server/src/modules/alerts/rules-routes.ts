import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { AlertRuleSchema, CreateAlertRuleSchema, UpdateAlertRuleSchema } from '@eco/contracts/sensing';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import type { SensingBus } from '../sensing/events';
import { createAlertRule, listAlertRules, setAlertRuleEnabled, updateAlertRule, type Acting, type SavedRule } from './rules';
import { publishAlertChanges } from './service';

const ById = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/**
 * Alert rules under `/api/sensing/alert-rules`, for signed-in administrators and editors:
 * `GET` (every rule with its count of active alerts, by id), `POST` (201 → the rule),
 * `PATCH /:id`, `POST /:id/enable`, `POST /:id/disable`. Every change is audited in its
 * transaction; one that decides which Things break the rule re-evaluates its alerts in that
 * transaction (see rules.ts), and the alerts opened and closed are published on the event stream
 * after commit.
 */
export const alertRulesRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; bus: SensingBus }> = async (app, { db, now, bus }) => {
  app.addHook('onRequest', signedIn({ roles: ['admin', 'editor'] }));

  const acting = (request: FastifyRequest): Acting => ({ actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip, at: now() });

  /** Publishes what the saving moved, and answers with the rule. */
  const published = async ({ rule, alerts }: SavedRule) => {
    await publishAlertChanges(db, bus, alerts);
    return { success: true as const, data: rule };
  };

  app.get(
    '',
    { schema: { tags: ['sensing'], summary: 'Alert rules (administrators, editors)', response: { 200: Ok(Type.Array(AlertRuleSchema)) } } },
    async () => ({ success: true as const, data: await listAlertRules(db) }),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Create a threshold or silence rule, enabled; alerts open at once for the Things that already break it (administrators, editors)',
        body: CreateAlertRuleSchema,
        response: { 201: Ok(AlertRuleSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return published(await createAlertRule(db, acting(request), request.body));
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['sensing'],
        summary: "Edit a rule's name, severity, Thing kind and the fields of its kind; a new condition or Thing kind re-evaluates its alerts at once (administrators, editors)",
        params: ById,
        body: UpdateAlertRuleSchema,
        response: { 200: Ok(AlertRuleSchema) },
      },
    },
    async (request) => published(await updateAlertRule(db, acting(request), request.params.id, request.body)),
  );

  for (const [path, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post(
      `/:id/${path}`,
      {
        schema: {
          tags: ['sensing'],
          summary: enabled ? 'Enable a rule; alerts open at once for the Things that break it (administrators, editors)' : 'Disable a rule; its active alerts close at once (administrators, editors)',
          params: ById,
          response: { 200: Ok(AlertRuleSchema) },
        },
      },
      async (request) => published(await setAlertRuleEnabled(db, acting(request), request.params.id, enabled)),
    );
  }
};
