// The registry must match docs/spec.md#4-endpoints (and docs/decisions.md#names-the-spec-leaves-open for the tools the spec only names).
import { describe, expect, it } from 'vitest';
import { operations } from './index';

type Row = { name: string; method: string; path: string; scope: string; idempotent: boolean };
const row = (name: string, method: string, path: string, scope: string, idempotent = false): Row => ({
  name,
  method,
  path,
  scope,
  idempotent,
});

export const specTable: Row[] = [
  row('search_listings', 'GET', '/listings', 'public'),
  row('get_weekly_leaderboard', 'GET', '/leaderboards/community-weekly', 'public'),
  row('list_my_listings', 'GET', '/me/listings', 'account:read'),
  row('get_my_listing', 'GET', '/me/listings/{listing_id}', 'account:read'),
  row('update_my_listing', 'PATCH', '/me/listings/{listing_id}', 'listings:write', true),
  row('post_listing_update', 'POST', '/me/listings/{listing_id}/updates', 'listings:write', true),
  row('add_milestone', 'POST', '/me/listings/{listing_id}/milestones', 'listings:write', true),
  row('delete_milestone', 'DELETE', '/me/listings/{listing_id}/milestones/{milestone_id}', 'listings:write', true),
  row('set_founder_story', 'PUT', '/me/listings/{listing_id}/story', 'listings:write', true),
  row('choose_free_listing', 'POST', '/me/listings/{listing_id}/free', 'listings:write', true),
  row('get_badges', 'GET', '/me/listings/{listing_id}/badges', 'account:read'),
  row('verify_badge', 'POST', '/me/listings/{listing_id}/badges/verify', 'listings:write'),
  row('list_interview_questions', 'GET', '/interview-questions', 'public'),
  row('answer_interview', 'PUT', '/me/interview', 'listings:write', true),
  row('submit_listing', 'POST', '/drafts', 'listings:write', true),
  row('list_my_drafts', 'GET', '/drafts', 'account:read'),
  row('get_draft', 'GET', '/drafts/{id}', 'account:read'),
  row('update_draft', 'PATCH', '/drafts/{id}', 'listings:write', true),
  row('invite_cofounder', 'POST', '/drafts/{id}/invites', 'listings:write', true),
  row('submit_draft', 'POST', '/drafts/{id}/submit', 'listings:write', true),
  row('quote_order', 'POST', '/orders/quote', 'orders:write'),
  row('create_checkout', 'POST', '/orders/checkout', 'orders:write', true),
  row('list_my_orders', 'GET', '/orders', 'account:read'),
  row('get_order', 'GET', '/orders/{number}', 'account:read'),
  row('list_products', 'GET', '/products', 'public'),
  row('list_categories', 'GET', '/categories', 'public'),
  row('get_account', 'GET', '/me', 'account:read'),
];

/** Operations that must exist by now; each issue that adds operations extends this list. */
const required = [
  'search_listings',
  'get_weekly_leaderboard',
  'list_interview_questions',
  'list_products',
  'list_categories',
  'get_account',
  'submit_listing',
  'list_my_drafts',
  'get_draft',
  'update_draft',
  'invite_cofounder',
  'submit_draft',
  'set_founder_story',
  'answer_interview',
  'post_listing_update',
  'add_milestone',
  'delete_milestone',
  'quote_order',
  'create_checkout',
  'list_my_orders',
  'get_order',
  'choose_free_listing',
  'get_badges',
  'verify_badge',
  'list_my_listings',
  'get_my_listing',
  'update_my_listing',
];

describe('operation registry matches the spec', () => {
  it('has every operation that must exist so far', () => {
    const names = operations.map((o) => o.name);
    for (const name of required) expect(names).toContain(name);
  });

  it('names each operation once', () => {
    const names = operations.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const op of operations) {
    it(`${op.name} has the spec's method, path, scope and Idem flag`, () => {
      const spec = specTable.find((r) => r.name === op.name);
      expect(spec, `${op.name} is not an operation of docs/spec.md#4-endpoints`).toBeDefined();
      expect({ name: op.name, method: op.method, path: op.path, scope: op.scope, idempotent: op.idempotent }).toEqual(
        spec,
      );
    });
  }
});
