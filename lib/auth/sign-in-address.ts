// The address a sign-in link goes to, as Auth.js's default normalizer makes it (NFKC, lower case, no
// quotes, one "@", nothing after a comma in the domain) and without the domain's closing dots:
// "ana@x.test." reaches the mailbox of "ana@x.test", and was a second account beside it.
export function signInAddress(email: string | undefined): string {
  if (!email) throw new Error('Missing email from request body.');
  const address = email.normalize('NFKC').toLowerCase().trim();
  if (address.includes('"')) throw new Error('Invalid email address format.');
  const parts = address.split('@');
  const [local, rawDomain] = parts;
  const domain = (rawDomain ?? '').split(',')[0].replace(/\.+$/, '');
  if (parts.length !== 2 || !local || !domain) throw new Error('Invalid email address format.');
  return `${local}@${domain}`;
}
