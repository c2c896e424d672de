import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its effect
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole tree, so a phone stays responsive while it starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
