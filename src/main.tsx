// The entry: about 2 kB (with Vite's preload helper) that decide when the app's code is fetched.
// A pre-rendered page (server/lib/spa-preload.ts) is readable as soon as the HTML and the
// stylesheet are in, and the app's ~100 kB of JavaScript does nothing for that first paint: fetched
// at the same time, it competed with the stylesheet on a slow link. So on such a page the code is
// requested once the page is on screen; on any other page (nothing to show until the app runs) at
// once.
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './index.css';
import { afterFirstPaint, preloadModules } from './app/first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

async function start(container: HTMLElement) {
  if (container.firstElementChild) await afterFirstPaint();
  // Everything the page needs, named by the server (the core, then the page's chunks), at once.
  preloadModules(document.querySelector<HTMLMetaElement>('meta[name="page-modules"]')?.content);
  // React is evaluated first, in a task of its own, then the rest of the core: two shorter tasks
  // instead of one long one that would keep a slow phone from answering a tap.
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { boot } = await import('./app/boot');
  await boot(container);
}

void start(root);
