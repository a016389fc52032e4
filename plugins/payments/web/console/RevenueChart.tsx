import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Line colours for the domains (distinct, readable on white). */
const COLOURS = ['#6a2c70', '#1f77b4', '#2ca02c', '#d62728', '#ff7f0e', '#8c564b', '#17becf', '#7f7f7f', '#bcbd22', '#e377c2'];

export interface ChartSeries { label: string; values: (number | null)[] }

/**
 * Revenue per day as lines, one per domain (uPlot, loaded with the revenue section only: the
 * console build's chunk, never a member's page). `days`: UTC midnight in seconds; values in major
 * units of one currency.
 */
export default function RevenueChart({ days, series, title, format }: {
  days: number[]; series: ChartSeries[]; title: string; format(v: number): string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(320, Math.min(1200, el.clientWidth || 900));
    const plot = new uPlot({
      title, width, height: 320,
      scales: { x: { time: true } },
      series: [
        { label: '' },
        ...series.map((s, i) => ({ label: s.label, stroke: COLOURS[i % COLOURS.length], width: 2, value: (_u: uPlot, v: number | null) => (v == null ? '—' : format(v)) })),
      ],
      axes: [{}, { values: (_u: uPlot, ticks: number[]) => ticks.map((v) => format(v)), size: 80 }],
    }, [days, ...series.map((s) => s.values)], el);
    const resize = () => plot.setSize({ width: Math.max(320, Math.min(1200, el.clientWidth || width)), height: 320 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, series, title, format]);
  return <div ref={box} role="img" aria-label={title} />;
}
