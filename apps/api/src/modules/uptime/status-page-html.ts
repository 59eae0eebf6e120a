import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { PublicStatus } from '@nuage/shared/schemas/responses/uptime';
import { dayTone, formatPercent } from '@nuage/shared/uptime-math';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const stateLabel = {
  up: uptimeTexts.states.up,
  down: uptimeTexts.states.down,
  unknown: uptimeTexts.states.unknown,
};

/**
 * Styles inline (the pages' CSP allows inline styles, not scripts): no script at all, both
 * themes from the visitor's system setting, readable from 320 px.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;
--up:#15803d;--degraded:#b45309;--down:#b91c1c;--none:#cbd5e1}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#cbd5e1;
--line:#1e293b;--up:#22c55e;--degraded:#f59e0b;--down:#f87171;--none:#334155}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:56rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
.banner{border-radius:.5rem;padding:1rem;font-weight:600;color:#fff;margin-bottom:1.5rem}
.banner.up{background:#15803d}.banner.down{background:#b91c1c}.banner.unknown{background:#475569}
.notice{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1.5rem;color:var(--muted)}
section{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin-bottom:1rem}
.head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;align-items:baseline}
h2{font-size:1.05rem;margin:0}.env{color:var(--muted);font-weight:400}
.state{font-weight:600}.state.up{color:var(--up)}.state.down{color:var(--down)}.state.unknown{color:var(--muted)}
.bars{display:flex;gap:1px;height:2.25rem;margin:.75rem 0 .25rem}
.bar{flex:1;border-radius:1px;background:var(--none)}
.bar.up{background:var(--up)}.bar.degraded{background:var(--degraded)}.bar.down{background:var(--down)}
.scale{display:flex;justify-content:space-between;color:var(--muted);font-size:.8rem}
footer{color:var(--muted);font-size:.85rem;margin-top:2rem}`;

function bars(days: PublicStatus['applications'][number]['jours']): string {
  return days
    .map((d) => {
      const text = `${dayLabel(d.jour)} : ${d.pourcentage === null ? uptimeTexts.dayNoData : formatPercent(d.pourcentage)}`;
      return `<span class="bar ${dayTone(d.pourcentage)}" title="${escapeHtml(text)}"></span>`;
    })
    .join('');
}

function application(a: PublicStatus['applications'][number]): string {
  const summary = `${uptimeTexts.publicDays} : ${formatPercent(a.pourcentage_90_jours)}`;
  return `<section>
<div class="head"><h2>${escapeHtml(a.nom)} <span class="env">· ${escapeHtml(a.environnement)}</span></h2>
<span class="state ${a.etat}">${stateLabel[a.etat]}</span></div>
<div class="bars" role="img" aria-label="${escapeHtml(summary)}">${bars(a.jours)}</div>
<div class="scale"><span>il y a 90 jours</span><span>${escapeHtml(uptimeTexts.publicShare(formatPercent(a.pourcentage_90_jours)))}</span><span>aujourd’hui</span></div>
</section>`;
}

/** The public status page, rendered on the server: no login, no script, nothing secret. */
export function renderStatusPage(status: PublicStatus, intervalSeconds: number): string {
  const title = uptimeTexts.publicTitle(status.projet);
  const banner =
    status.etat_global === 'down'
      ? uptimeTexts.publicSomeDown
      : status.etat_global === 'up'
        ? uptimeTexts.publicAllUp
        : uptimeTexts.states.unknown;
  const generated = new Date(status.genere_le).toLocaleString('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<div class="banner ${status.etat_global}" role="status">${banner}</div>
${status.simule ? `<p class="notice">${uptimeTexts.publicSimulated}</p>` : ''}
${status.applications.length ? status.applications.map(application).join('\n') : `<p class="notice">${uptimeTexts.publicNoApps}</p>`}
<footer>${uptimeTexts.publicFooter(uptimeTexts.every(intervalSeconds))} ${uptimeTexts.publicUpdated(escapeHtml(generated))}</footer>
</main></body></html>`;
}
