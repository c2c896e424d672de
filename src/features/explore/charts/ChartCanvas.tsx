// The one place chart.js is imported, so it lands only in the Explore route chunk. Only the
// controllers, elements and scales drawn here are registered (tree-shaken).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { seriesPalette } from './palette';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

export interface ThemeColors {
  foreground: string;
  muted: string;
  border: string;
  card: string;
  /** One colour per series, distinct and readable on the card in the current theme (palette.ts). */
  series: string[];
  /** The colour of the "Other" series. */
  other: string;
}

function readColors(): ThemeColors {
  const root = document.documentElement;
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = root.classList.contains('dark');
  return {
    foreground: token('--foreground', dark ? '#e2e8f0' : '#0f172a'),
    muted: token('--muted-foreground', dark ? '#94a3b8' : '#475569'),
    border: token('--border', dark ? '#334155' : '#e2e8f0'),
    card: token('--card', dark ? '#0f172a' : '#ffffff'),
    ...seriesPalette(dark),
  };
}

/** The theme's chart colours, read again whenever the `dark` class on <html> changes. */
export function useThemeColors(): ThemeColors {
  const [colors, setColors] = useState(readColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A chart drawn on a canvas with role="img" and a summary as its name; the caller puts the
 * same numbers in a table beside it. `build` receives the theme's colours, so the chart is
 * drawn again in the new palette when the theme changes.
 */
export function ChartCanvas({
  label,
  build,
  height = 320,
}: {
  label: string;
  /** `narrow`: the chart is phone-sized, so axis titles the legend already explains can go. */
  build: (colors: ThemeColors, narrow: boolean) => ChartConfiguration<'bar' | 'line'>;
  height?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const colors = useThemeColors();

  useEffect(() => {
    const canvas = canvasRef.current;
    // jsdom and very old browsers have no 2D context: the table beside the chart still tells it all.
    if (!canvas || !canvas.getContext?.('2d')) return;
    const config = build(colors, (canvas.parentElement?.clientWidth ?? 1000) < 480);
    config.options = {
      responsive: true,
      maintainAspectRatio: false,
      ...config.options,
      animation: prefersReducedMotion() ? false : { duration: 200 },
    };
    Chart.defaults.color = colors.muted;
    Chart.defaults.borderColor = colors.border;
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif';
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [build, colors]);

  return (
    <div className="relative w-full" style={{ height }}>
      <canvas ref={canvasRef} role="img" aria-label={label} data-testid="explore-chart">
        {label}
      </canvas>
    </div>
  );
}
