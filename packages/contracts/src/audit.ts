/** The audit log: who did what, when, from where, with a before/after summary. */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';

/**
 * Every action the server records (`AuditEntry.action`): the one list the server's `audit()` is
 * typed by and the web names in words (i18n `pm.audit.actions.<action>`), so a new action cannot
 * reach the log without being added here, and the test of the names sees it.
 */
export const AUDIT_ACTIONS = [
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  'session.password_change',
  'session.password_change_failed',
  'user.create',
  'user.update',
  'user.disable',
  'user.enable',
  'user.reset_password',
  'organisation.update',
  'site.update',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.withdraw',
  'notice.unschedule',
  'notice.delete',
  'notice.attachment.add',
  'notice.attachment.remove',
  'regulation.create',
  'regulation.update',
  'regulation.retire',
  'regulation.document.add',
  'regulation.document.remove',
  'application.create',
  'application.update',
  'application.launch',
  'tool.create',
  'tool.update',
  'tool.version_upload',
  'oidc_client.create',
  'oidc_client.update',
  'oidc_client.rotate_secret',
  'thing.create',
  'thing.update',
  'thing.delete',
  'datastream.create',
  'datastream.delete',
  'thing_key.create',
  'thing_key.rotate',
  'thing_key.revoke',
  'alert.acknowledge',
  'alert.close',
  'alert_rule.create',
  'alert_rule.update',
  'alert_rule.enable',
  'alert_rule.disable',
  'alert_rule.delete',
  'verification.import',
  'verification_task.dispatch',
  'verification_task.start',
  'verification_task.feedback',
  'verification_task.return',
  'verification_task.close',
  'verification_task.relocate',
  'verification_kind.update',
  'county_boundaries.replace',
  'county_boundaries.remove',
  'detection.upload',
  'detection.review',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of thing an entry is about (`AuditEntry.entityType`); i18n `pm.audit.entityTypes.<type>`. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'organisation',
  'site_settings',
  'notice',
  'regulation',
  'application',
  'tool',
  'oidc_client',
  'thing',
  'datastream',
  'thing_key',
  'alert',
  'alert_rule',
  'verification_task',
  'verification_kind',
  'county_boundaries',
  'detection',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

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
