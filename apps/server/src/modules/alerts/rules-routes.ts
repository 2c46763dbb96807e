import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { AlertRuleSchema, CreateAlertRuleSchema, UpdateAlertRuleSchema } from '@eco/contracts/sensing';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { createAlertRule, listAlertRules, setAlertRuleEnabled, updateAlertRule, type Acting } from './rules';

const ById = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * Alert rules under `/api/sensing/alert-rules`, for signed-in administrators and editors:
 * `GET` (every rule with its count of active alerts, by id), `POST` (201 → the rule),
 * `PATCH /:id`, `POST /:id/enable`, `POST /:id/disable`. Every change is audited in its transaction.
 */
export const alertRulesRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', signedIn({ roles: ['admin', 'editor'] }));

  app.get(
    '',
    { schema: { tags: ['sensing'], summary: 'Alert rules (administrators, editors)', response: { 200: Ok(Type.Array(AlertRuleSchema)) } } },
    async () => ({ success: true as const, data: await listAlertRules(db) }),
  );

  app.post(
    '',
    { schema: { tags: ['sensing'], summary: 'Create a threshold or silence rule, enabled (administrators, editors)', body: CreateAlertRuleSchema, response: { 201: Ok(AlertRuleSchema) } } },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await createAlertRule(db, acting(request), request.body) };
    },
  );

  app.patch(
    '/:id',
    { schema: { tags: ['sensing'], summary: "Edit a rule's name, severity, Thing kind and the fields of its kind (administrators, editors)", params: ById, body: UpdateAlertRuleSchema, response: { 200: Ok(AlertRuleSchema) } } },
    async (request) => ({ success: true as const, data: await updateAlertRule(db, acting(request), request.params.id, request.body) }),
  );

  for (const [path, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post(
      `/:id/${path}`,
      { schema: { tags: ['sensing'], summary: `${enabled ? 'Enable' : 'Disable'} a rule (administrators, editors)`, params: ById, response: { 200: Ok(AlertRuleSchema) } } },
      async (request) => ({ success: true as const, data: await setAlertRuleEnabled(db, acting(request), request.params.id, enabled) }),
    );
  }
};
