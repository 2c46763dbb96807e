/** Health of the server, for load balancers and probes (docs/api.md §Errors: 503 when the database is away). */
import { Type } from 'typebox';
import { defineEndpoints, PUBLIC } from './endpoint';

/** What `GET /api/health` answers when the database answers a query. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')], { description: 'The kind of database the server runs on' }),
});

export const healthApi = defineEndpoints({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability',
    description:
      'For load balancers and probes: 200 with `status: ok` when the server is up and its database answers a query; 503 `DATABASE_UNAVAILABLE` when the database does not answer. Never cached.',
    tags: ['system'],
    access: PUBLIC,
    response: HealthSchema,
    errors: [],
  },
});
