/** The audit log: who did what, when, from where, with a before/after summary. */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: IsoTime,
    /** null for an anonymous actor (a failed sign-in of an unknown account) */
    actorId: Type.Union([Type.Integer(), Type.Null()]),
    /** the account as typed or as it was then */
    actorAccount: Type.String(),
    ip: Type.String(),
    /** dotted verb, e.g. `session.sign_in`, `session.sign_in_failed`, `user.create`, `site.update` */
    action: Type.String(),
    entityType: Type.String(),
    entityId: Type.Union([Type.String(), Type.Null()]),
    /** the changed fields before and after (secrets never included) */
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { $id: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;
