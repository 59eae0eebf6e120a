import { mailLayoutTexts, type MailWords } from '@nuage/shared/messages/mail';
import { PRODUCT_NAME } from '@nuage/shared/product';
import type { OutgoingMail } from './mailer';

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A code shown large (verification). */
  code?: string;
  /** A call-to-action link (reset, invitation). */
  action?: { label: string; url: string };
  footnote?: string;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One French mail, as plain text and as HTML with the same words. */
export function renderMail(content: MailContent): OutgoingMail {
  const textParts = [content.greeting, '', ...content.paragraphs];
  if (content.code) textParts.push('', mailLayoutTexts.code(content.code));
  if (content.action) textParts.push('', `${content.action.label} : ${content.action.url}`);
  if (content.footnote) textParts.push('', content.footnote);
  textParts.push('', mailLayoutTexts.signature);

  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f4f6fb;padding:24px;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#1d4ed8;margin-top:0">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(mailLayoutTexts.linkFallback)} ${escapeHtml(content.action.url)}</p>` : ''}
${content.footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(content.footnote)}</p>` : ''}
<p>${escapeHtml(mailLayoutTexts.signature)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text: textParts.join('\n'), html };
}

/** A mail of these words (packages/shared/src/messages/mail.ts), its link to `url`. */
export function renderWords(
  words: MailWords,
  opts: { to: string; code?: string; url?: string },
): OutgoingMail {
  const { actionLabel, ...rest } = words;
  return renderMail({
    to: opts.to,
    ...rest,
    ...(opts.code === undefined ? {} : { code: opts.code }),
    ...(actionLabel && opts.url ? { action: { label: actionLabel, url: opts.url } } : {}),
  });
}
