// Percent-escapes in a URL path or query: one decoder for the API's path parameters and query and the
// pages' paths, so a malformed escape (`%E0%A4%A`, `%ZZ`) is the caller's mistake everywhere, never a
// URIError (a 500) nor a value read some other way than it was meant.

/** The decoded segment, or null when it holds a malformed percent-escape. */
export function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Whether every segment of a raw (still encoded) path decodes. */
export function pathDecodes(rawPath: string): boolean {
  return rawPath.split('/').every((segment) => decodePathSegment(segment) !== null);
}

/** Whether every name and value of a raw (still encoded) query string decodes (`+` is a space). */
export function queryDecodes(rawSearch: string): boolean {
  return rawSearch
    .replace(/^\?/, '')
    .split(/[&=]/)
    .every((part) => decodePathSegment(part.replace(/\+/g, ' ')) !== null);
}
