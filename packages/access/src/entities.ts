import { defineEntity, p } from '@mikro-orm/core';
import { announceChangesTrigger } from '@svc/db';

// This mapping describes the tables `accessMigrations` creates, constraint names included; the
// schema-drift test (test/schema-drift.integration.test.ts) fails when the two disagree.

/** A person who owns records. The e-mail is private: it leaves the service only on the person's own account page. */
export const Principal = defineEntity({
  name: 'Principal',
  tableName: 'principals',
  properties: {
    id: p.text().primary(),
    email: p.text().unique('principals_email_unique'),
    passwordHash: p.text(),
    displayName: p.text(),
    isSupport: p.boolean().default(false),
    createdAt: p.datetime(),
  },
  checks: [{ name: 'principals_email_lower', expression: 'email = lower(email)' }],
  // Display names appear in cached answers (a job's poster): a change is announced to every process.
  triggers: [announceChangesTrigger('principals')],
});

/** A website session; only the SHA-256 of the cookie value is stored. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.text().primary(),
    principalId: p
      .manyToOne(Principal)
      .mapToPk()
      .fieldName('principal_id')
      .foreignKeyName('sessions_principal_id_fkey')
      .deleteRule('cascade')
      .index('sessions_principal_id_index'),
    csrfToken: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    /** Noted at most every few minutes; a session unused for 7 days ends (idle timeout). */
    lastSeenAt: p.datetime(),
  },
});

/** What an agent says about itself (self-declared), kept on its connect request and on the grant. */
const agentDetails = {
  agentName: p.text(),
  description: p.text().nullable(),
  agentUrl: p.text().nullable(),
  builtWith: p.text().nullable(),
  model: p.text().nullable(),
};

/** What a principal approved for one agent: scopes, expiry and the hash of its bearer token. */
export const Grant = defineEntity({
  name: 'Grant',
  tableName: 'grants',
  properties: {
    id: p.text().primary(),
    principalId: p
      .manyToOne(Principal)
      .mapToPk()
      .fieldName('principal_id')
      .foreignKeyName('grants_principal_id_fkey')
      .deleteRule('cascade')
      .index('grants_principal_id_index'),
    ...agentDetails,
    scopes: p.array().columnType('text[]'),
    tokenHash: p.text().unique('grants_token_hash_unique'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
  // Written as PostgreSQL prints it back (`between` and `interval '…'` are rewritten), so the two compare equal.
  checks: [{ name: 'grants_lifetime', expression: "expires_at <= created_at + '90 days'::interval" }],
});

/** One agent connect request (RFC 8628 device authorization), from connect to the one token it yields. */
export const DeviceAuthorization = defineEntity({
  name: 'DeviceAuthorization',
  tableName: 'device_authorizations',
  properties: {
    id: p.text().primary(),
    deviceCodeHash: p.text().unique('device_authorizations_device_code_hash_unique'),
    userCode: p.text().unique('device_authorizations_user_code_unique'),
    ...agentDetails,
    scopes: p.array().columnType('text[]'),
    days: p.integer(),
    status: p.enum(['pending', 'approved', 'denied', 'consumed']),
    principalId: p
      .manyToOne(Principal)
      .mapToPk()
      .fieldName('principal_id')
      .foreignKeyName('device_authorizations_principal_id_fkey')
      .deleteRule('cascade')
      .nullable(),
    grantId: p
      .manyToOne(Grant)
      .mapToPk()
      .fieldName('grant_id')
      .foreignKeyName('device_authorizations_grant_id_fkey')
      .deleteRule('set null')
      .nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    lastPollAt: p.datetime().nullable(),
  },
  checks: [{ name: 'device_authorizations_days_check', expression: 'days >= 1 and days <= 90' }],
});

/** A self-declared agent introduction: kept for a while, grants nothing. */
export const Introduction = defineEntity({
  name: 'Introduction',
  tableName: 'agent_introductions',
  properties: {
    id: p.text().primary(),
    agentName: p.text(),
    details: p.json(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index('agent_introductions_expires_at_index'),
  },
});

/**
 * A one-time code that sets a new password without the old one: at most one per principal from each
 * issuer (the person's own, support's). Only the SHA-256 of the code is stored.
 */
export const RecoveryCode = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    codeHash: p.text().primary(),
    principalId: p.manyToOne(Principal).mapToPk().fieldName('principal_id').foreignKeyName('recovery_codes_principal_id_fkey').deleteRule('cascade'),
    issuedBy: p.enum(['person', 'support']),
    createdAt: p.datetime(),
    /** Support's codes end an hour after they are made; a person's own has none. */
    expiresAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'recovery_codes_principal_id_issued_by_unique', properties: ['principalId', 'issuedBy'] }],
});

export const accessEntities = [Principal, Session, DeviceAuthorization, Grant, Introduction, RecoveryCode];
