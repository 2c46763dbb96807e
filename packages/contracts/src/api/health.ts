/**
 * Health of the server, for load balancers and probes (docs/api.md §Errors: 503 when the database
 * is away; README §Operations): `live` says the process serves, `ready` that it can do its work.
 */
import { Type } from 'typebox';
import { defineEndpoints, PUBLIC } from './endpoint';

const DatabaseKind = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')], { description: 'The kind of database the server runs on' });

/** What `GET /api/health` answers when the database answers a query. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: DatabaseKind,
});

/** What `GET /api/health/live` answers: the process is up and serving. */
export const LivenessSchema = Type.Object({
  status: Type.Literal('ok'),
});

/** What `GET /api/health/ready` answers when the database answers and its schema is this server's. */
export const ReadinessSchema = Type.Object({
  status: Type.Literal('ok'),
  database: DatabaseKind,
  migrations: Type.Integer({ minimum: 0, description: 'How many migrations this server ships, every one of them applied' }),
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
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: the process serves',
    description:
      'For liveness probes (restart the process when it fails): 200 `status: ok` whenever the process answers HTTP at all; it asks nothing of the database, so a database outage never gets healthy processes restarted. Never cached.',
    tags: ['system'],
    access: PUBLIC,
    response: LivenessSchema,
    errors: [],
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: database reachable, migrations applied',
    description:
      'For readiness probes and load balancers (send this process traffic only while it passes): 200 when the database answers a query and every migration this server ships is applied; 503 `DATABASE_UNAVAILABLE` when the database does not answer, 503 `DATABASE_MIGRATIONS_PENDING` (naming them) when the schema is older than this server. While the process shuts down it answers 503 like every other request. Never cached.',
    tags: ['system'],
    access: PUBLIC,
    response: ReadinessSchema,
    errors: ['DATABASE_MIGRATIONS_PENDING'],
  },
});
