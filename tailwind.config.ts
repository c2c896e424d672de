// The design tokens, in one place (loaded by src/index.css with Tailwind 4's `@config`).
// Light: slate surfaces, teal #0f766e. Dark is its own palette (near-black slate, lighter
// borders, teal #2dd4bf), not an inversion. Every text/background pair used in the app meets
// 4.5:1; field borders (`input`) meet 3:1 against their surface.
//
// Each colour is a CSS variable on <html> (light) and on `.dark`, written by the base layer
// below, and a Tailwind colour (`bg-primary`, `text-muted-foreground`, ...) that reads it, so
// the theme switches without rebuilding any class. Charts read the same variables
// (src/features/explore/charts/ChartCanvas.tsx).
import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

export const lightColors = {
  background: '#f8fafc',
  foreground: '#0f172a',
  card: '#ffffff',
  'card-foreground': '#0f172a',
  muted: '#f1f5f9',
  'muted-foreground': '#475569',
  accent: '#f1f5f9',
  border: '#e2e8f0',
  input: '#7b8aa0',
  ring: '#0f766e',
  primary: '#0f766e',
  'primary-hover': '#115e59',
  'primary-foreground': '#ffffff',
  'primary-strong': '#0f766e',
  'primary-soft': '#ccfbf1',
  'primary-soft-foreground': '#115e59',
  secondary: '#f1f5f9',
  'secondary-hover': '#e2e8f0',
  'secondary-foreground': '#0f172a',
  destructive: '#b91c1c',
  'destructive-hover': '#991b1b',
  'destructive-foreground': '#ffffff',
  /** Red text on the page surface (field errors, inline failures). */
  'destructive-text': '#b91c1c',
  success: '#15803d',
  'success-soft': '#dcfce7',
  'success-soft-foreground': '#14532d',
  'success-border': '#86efac',
  warning: '#fffbeb',
  'warning-foreground': '#78350f',
  'warning-border': '#fcd34d',
  /** Text a hold rule matched, marked in the moderators' queue: a highlighter yellow with an underline of its own. */
  highlight: '#fde68a',
  'highlight-foreground': '#422006',
  'highlight-border': '#b45309',
} as const;

export type ColorToken = keyof typeof lightColors;

export const darkColors: Record<ColorToken, string> = {
  background: '#020617',
  foreground: '#e2e8f0',
  card: '#0f172a',
  'card-foreground': '#e2e8f0',
  muted: '#1e293b',
  'muted-foreground': '#94a3b8',
  accent: '#1e293b',
  border: '#334155',
  input: '#64748b',
  ring: '#2dd4bf',
  primary: '#2dd4bf',
  'primary-hover': '#5eead4',
  'primary-foreground': '#042f2e',
  'primary-strong': '#2dd4bf',
  'primary-soft': '#134e4a',
  'primary-soft-foreground': '#99f6e4',
  secondary: '#1e293b',
  'secondary-hover': '#334155',
  'secondary-foreground': '#e2e8f0',
  // A deep red surface with white text reads as danger without glaring on near-black.
  destructive: '#b91c1c',
  'destructive-hover': '#991b1b',
  'destructive-foreground': '#ffffff',
  'destructive-text': '#f87171',
  success: '#4ade80',
  'success-soft': '#052e16',
  'success-soft-foreground': '#bbf7d0',
  'success-border': '#166534',
  warning: '#2a1a05',
  'warning-foreground': '#fde68a',
  'warning-border': '#b45309',
  // A deep amber that stays readable on near-black, with a bright underline.
  highlight: '#854d0e',
  'highlight-foreground': '#fef3c7',
  'highlight-border': '#fbbf24',
};

const tokens = Object.keys(lightColors) as ColorToken[];

const variables = (palette: Record<ColorToken, string>) =>
  Object.fromEntries(tokens.map((name) => [`--${name}`, palette[name]]));

export default {
  theme: {
    extend: {
      colors: Object.fromEntries(tokens.map((name) => [name, `var(--${name})`])),
      // System fonts only: no web-font download on first load.
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          "'Segoe UI'",
          'Roboto',
          "'Helvetica Neue'",
          'Arial',
          "'Noto Sans'",
          'sans-serif',
        ],
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' } },
        'dialog-in': { from: { opacity: '0', scale: '0.96' } },
        'toast-in': { from: { opacity: '0', translate: '0 0.5rem' } },
      },
      animation: {
        'fade-in': 'fade-in 150ms ease-out',
        'dialog-in': 'dialog-in 180ms ease-out',
        'toast-in': 'toast-in 180ms ease-out',
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({
        ':root': { ...variables(lightColors), colorScheme: 'light' },
        '.dark': { ...variables(darkColors), colorScheme: 'dark' },
      });
    }),
  ],
} satisfies Config;
