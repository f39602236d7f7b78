import { defineEntity, p } from '@mikro-orm/core';

/** A person who owns records. The e-mail is private: it leaves the service only on the person's own account page. */
export const Principal = defineEntity({
  name: 'Principal',
  tableName: 'principals',
  properties: {
    id: p.string().primary(),
    email: p.string().unique(),
    passwordHash: p.string(),
    displayName: p.string(),
    isSupport: p.boolean().default(false),
    createdAt: p.datetime(),
  },
});

/** A website session; only the SHA-256 of the cookie value is stored. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.string().primary(),
    principalId: p.string().index(),
    csrfToken: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});

/** What an agent says about itself (self-declared), kept on its connect request and on the grant. */
const agentDetails = {
  agentName: p.string(),
  description: p.string().nullable(),
  agentUrl: p.string().nullable(),
  builtWith: p.string().nullable(),
  model: p.string().nullable(),
};

/** One agent connect request (RFC 8628 device authorization), from connect to the one token it yields. */
export const DeviceAuthorization = defineEntity({
  name: 'DeviceAuthorization',
  tableName: 'device_authorizations',
  properties: {
    id: p.string().primary(),
    deviceCodeHash: p.string().unique(),
    userCode: p.string().unique(),
    ...agentDetails,
    scopes: p.array(),
    days: p.integer(),
    status: p.string(),
    principalId: p.string().nullable(),
    grantId: p.string().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    lastPollAt: p.datetime().nullable(),
  },
});

/** What a principal approved for one agent: scopes, expiry and the hash of its bearer token. */
export const Grant = defineEntity({
  name: 'Grant',
  tableName: 'grants',
  properties: {
    id: p.string().primary(),
    principalId: p.string().index(),
    ...agentDetails,
    scopes: p.array(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
});

/** A self-declared agent introduction: kept for a while, grants nothing. */
export const Introduction = defineEntity({
  name: 'Introduction',
  tableName: 'agent_introductions',
  properties: {
    id: p.string().primary(),
    agentName: p.string(),
    details: p.json(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});

export const accessEntities = [Principal, Session, DeviceAuthorization, Grant, Introduction];
