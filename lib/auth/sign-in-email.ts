// The magic-link email: plain text (what the dev mailbox shows) and a simple HTML version.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function signInEmail({ url, expires }: { url: string; expires: Date }): {
  subject: string;
  text: string;
  html: string;
} {
  const host = new URL(url).host;
  const hours = Math.max(1, Math.round((expires.getTime() - Date.now()) / 3_600_000));
  const subject = `Sign in to Product Directory`;
  const text = [
    `Sign in to Product Directory (${host})`,
    '',
    'Open this link to sign in:',
    url,
    '',
    `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`,
    'If you did not ask for it, you can ignore this email.',
  ].join('\n');
  const safeUrl = escapeHtml(url);
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e7e5e4;border-radius:12px"><tr><td style="padding:32px">
<h1 style="margin:0 0 12px;font-size:20px">Sign in to Product Directory</h1>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;color:#44403c">Click the button to sign in to ${escapeHtml(host)}.</p>
<p style="margin:0 0 24px"><a href="${safeUrl}" style="display:inline-block;background:#f26b1d;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Sign in</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#78716c">The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}. If you did not ask for it, you can ignore this email.</p>
</td></tr></table></body></html>`;
  return { subject, text, html };
}
