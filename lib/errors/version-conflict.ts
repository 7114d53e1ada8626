// The words of a 409 version_conflict: what was sent against what is stored (a version from the
// future is not "changed since").
export function staleVersionDetail(thing: 'draft' | 'listing', sent: number, current: number, advice: string): string {
  const what =
    sent > current
      ? `This ${thing} has no version ${sent}: it is at version ${current}.`
      : `This ${thing} changed since version ${sent}: it is now at version ${current}.`;
  return `${what} ${advice}`;
}
