// One key per real mailbox, for limits: lower-cased, "+tag" dropped from the local part
// (ana+1@x.test and Ana+2@X.test are ana@x.test) and the domain's closing dots with it (x.test. is
// the same domain), so neither can multiply a limit.
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0];
  return `${local}@${address.slice(at + 1).replace(/\.+$/, '')}`;
}
