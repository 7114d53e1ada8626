// The SMTP side of sendMail: one pooled nodemailer transport per SMTP_URL, or none.
import nodemailer, { type Transporter } from 'nodemailer';

const DEFAULT_FROM = 'Product Directory <no-reply@localhost>';

let cached: { url: string; transport: Transporter } | undefined;

export function mailFrom(): string {
  return process.env.MAIL_FROM || DEFAULT_FROM;
}

/** The transport for SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465), or null when unset. */
export function smtpTransport(): Transporter | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = { url, transport: nodemailer.createTransport(url) };
  }
  return cached.transport;
}
