// The site's own OAuth 2.1 authorization server (MCP authorization): clients, pending consent
// requests, single-use codes, user grants (the "connected apps") and hashed tokens.
import { index, pgTable, serial, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './types';

/** Clients registered dynamically (RFC 7591) or known by their metadata document URL (CIMD). */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['dynamic', 'metadata_document'] }).notNull(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  clientUri: text('client_uri'),
  logoUri: text('logo_uri'),
  scope: text('scope'),
  createdAt: createdAt(),
  /** CIMD: when the document was last fetched successfully. */
  fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
});

/** A consent page shown to a signed-in user: the request it stands for, single-use, short-lived. */
export const oauthConsentRequests = pgTable('oauth_consent_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  scopes: text('scopes').array().notNull(),
  resource: text('resource').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  state: text('state'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/** What a user allowed a client to do: one row per (user, client); revoking it ends every token. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('oauth_grants_user_idx').on(t.userId, t.clientId)],
);

export const oauthCodes = pgTable('oauth_codes', {
  hash: text('hash').primaryKey(),
  grantId: integer('grant_id')
    .notNull()
    .references(() => oauthGrants.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  userId: text('user_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scopes: text('scopes').array().notNull(),
  resource: text('resource').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Access and refresh tokens, stored as SHA-256 hashes. A family is one code exchange and its refreshes. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    hash: text('hash').notNull().unique(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    clientId: text('client_id').notNull(),
    userId: text('user_id').notNull(),
    scopes: text('scopes').array().notNull(),
    /** RFC 8707 audience: the resource the token may be used at. */
    resource: text('resource').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Refresh tokens: set when rotated; presenting it again revokes the family. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.family), index('oauth_tokens_grant_idx').on(t.grantId)],
);
