import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import { formatNumber } from '@/lib/format';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Tailwind text colour classes (both themes): the chart reads the colour they give. */
  swatch: string;
  dashed?: boolean;
  filled?: boolean;
}

const HEIGHT = 160;

/** Axis labels that differ from one tick to the next, whatever the span the points cover. */
function timeFormat(spanSeconds: number) {
  if (spanSeconds <= 15 * 60)
    return new Intl.DateTimeFormat('fr-FR', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  if (spanSeconds <= 2 * 86_400)
    return new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short' });
}
const pointFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Whether the page is dark, from the `dark` class the theme puts on <html> (watched here rather
 * than through lib/theme.ts, which the login page's chunks share: importing it from this page
 * split it into a chunk of its own and made the login page half a kilobyte heavier).
 */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

/** A computed colour made transparent (Chromium gives oklch() for Tailwind's colours, others rgb()). */
function withAlpha(colour: string, alpha: number): string {
  if (colour.startsWith('rgb(')) return colour.replace('rgb(', 'rgba(').replace(')', `, ${alpha})`);
  if (colour.endsWith(')') && !colour.includes('/')) return `${colour.slice(0, -1)} / ${alpha})`;
  return colour;
}

/**
 * One time series chart (uPlot, loaded on first use so that no other page carries it). The
 * colours come from the legend's swatches and two hidden ones for the axes, so they follow the
 * theme; the chart is drawn again when the theme or the width changes.
 */
export function TimeChart(props: {
  title: string;
  unit: string;
  at: number[];
  series: ChartSeries[];
  summary: string;
}) {
  const dark = useSyncExternalStore(subscribeToTheme, isDark);
  const box = useRef<HTMLDivElement>(null);
  const swatches = useRef<(HTMLSpanElement | null)[]>([]);
  const axisSwatch = useRef<HTMLSpanElement>(null);
  const gridSwatch = useRef<HTMLSpanElement>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const { at, series } = props;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const colourOf = (span: HTMLElement | null) => (span ? getComputedStyle(span).color : '#888');
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: el.clientWidth, height: HEIGHT }),
    );
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const axis = colourOf(axisSwatch.current);
        const grid = colourOf(gridSwatch.current);
        const format = timeFormat((at.at(-1) ?? 0) - (at[0] ?? 0));
        const axisStyle = {
          stroke: axis,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          font: '11px system-ui, sans-serif',
        };
        chart = new UPlot(
          {
            width: el.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            scales: {
              x: { time: true },
              y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
            },
            axes: [
              {
                ...axisStyle,
                space: 70,
                values: (_u, splits) => splits.map((s) => format.format(new Date(s * 1000))),
              },
              {
                ...axisStyle,
                size: 48,
                values: (_u, splits) => splits.map((s) => formatNumber(s)),
              },
            ],
            series: [
              {},
              ...series.map((s, i) => {
                const colour = colourOf(swatches.current[i] ?? null);
                return {
                  label: s.label,
                  stroke: colour,
                  width: s.dashed ? 1 : 1.5,
                  dash: s.dashed ? [6, 4] : undefined,
                  fill: s.filled ? withAlpha(colour, 0.15) : undefined,
                  points: { show: at.length < 3 },
                };
              }),
            ],
            hooks: { setCursor: [(u) => setCursor(u.cursor.idx ?? null)] },
          },
          [at, ...series.map((s) => s.values)] as uPlot.AlignedData,
          el,
        );
        resize.observe(el);
      },
    );
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [at, series, dark]);

  const readoutAt = cursor !== null ? at[cursor] : undefined;
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm font-medium">
        <span>{props.title}</span>
        <ul className="flex flex-wrap gap-x-3 text-xs font-normal text-slate-600 dark:text-slate-400">
          {series.map((s, i) => (
            <li key={s.label} className="flex items-center gap-1">
              <span
                ref={(node) => {
                  swatches.current[i] = node;
                }}
                aria-hidden="true"
                className={`inline-block w-4 border-t-2 ${s.dashed ? 'border-dashed' : ''} ${s.swatch} border-current`}
              />
              {s.label}
              {readoutAt !== undefined && cursor !== null && (
                <span className="tabular-nums">
                  {' '}
                  {s.values[cursor] === null ? '—' : formatNumber(s.values[cursor]!)}
                </span>
              )}
            </li>
          ))}
        </ul>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={props.summary}
        style={{ height: HEIGHT }}
        className="w-full"
      />
      <p className="h-4 text-xs text-slate-600 tabular-nums dark:text-slate-400">
        {readoutAt !== undefined
          ? `${pointFormat.format(new Date(readoutAt * 1000))} (${props.unit})`
          : ''}
      </p>
      <span ref={axisSwatch} hidden className="text-slate-600 dark:text-slate-400" />
      <span ref={gridSwatch} hidden className="text-slate-200 dark:text-slate-800" />
    </figure>
  );
}
