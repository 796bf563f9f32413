import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartSeries } from '../../../machines/operator/overview';

/** Line colours, in order; read from the theme where it has one. */
const COLOURS = ['--color-accent', '--color-gold', '--color-focus', '--color-danger-text'];
const FALLBACK = ['#5ec43a', '#fbbf24', '#7dd3fc', '#fca5a5'];

function themeColour(element: Element, index: number): string {
  const name = COLOURS[index % COLOURS.length] as string;
  return (
    getComputedStyle(element).getPropertyValue(name).trim() || (FALLBACK[index % FALLBACK.length] as string)
  );
}

const HEIGHT = 180;

/**
 * A small line chart of one figure per day (docs/decisions/0046-overview-chart.md): uPlot, loaded
 * with the first chart drawn (never with a customer's page). It is decoration for sighted users:
 * the overview states every figure in text (its summary and day table), so the canvas is hidden
 * from assistive technology.
 */
export function OverviewChart({
  title,
  times,
  series,
  format,
}: {
  title: string;
  /** The days as UTC midnights in seconds, oldest first. */
  times: readonly number[];
  series: readonly ChartSeries[];
  /** An axis value as the page writes it (coins, money in its major units, a count). */
  format: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let stopped = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (stopped) return;
        const muted = getComputedStyle(element).getPropertyValue('--color-text-muted').trim() || '#cbd5e1';
        const grid = getComputedStyle(element).getPropertyValue('--color-border').trim() || '#334155';
        const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
        plot = new UPlot(
          {
            width: element.clientWidth || 320,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            // The days are UTC days: their ticks read as such wherever the operator is.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            scales: { y: { range: (_, min, max) => [Math.min(0, min), Math.max(1, max)] } },
            axes: [axis, { ...axis, size: 64, values: (_, ticks) => ticks.map(format) }],
            series: [
              {},
              ...series.map((line, index) => ({
                label: line.label,
                stroke: themeColour(element, index),
                width: 2,
                points: { show: times.length <= 31 },
              })),
            ],
          },
          [[...times], ...series.map((line) => line.values)],
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
          observer.observe(element);
        }
      })
      // Without the chart the page still says everything (the summary and the table).
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [times, series, format]);

  return (
    <figure className="operator-chart">
      <figcaption className="operator-chart__title">{title}</figcaption>
      {series.length > 1 && (
        <ul className="operator-chart__legend" aria-hidden="true">
          {series.map((line, index) => (
            <li key={line.label}>
              <span
                className="operator-chart__swatch"
                style={{ background: `var(${COLOURS[index % COLOURS.length]})` }}
              />
              {line.label}
            </li>
          ))}
        </ul>
      )}
      {!failed && <div ref={box} className="operator-chart__plot" aria-hidden="true" />}
    </figure>
  );
}
