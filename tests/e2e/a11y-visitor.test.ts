// Axe (WCAG 2.2 A/AA) on every route and tab as a visitor, in light theme at 360 and 1280 px and dark at 1280 px:
// tests/e2e/a11y-scan.ts says how. One file per role, so the two browser workers share the scans.
import { axeEveryRoute } from './a11y-scan';

axeEveryRoute('visitor');
