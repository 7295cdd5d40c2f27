import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageFor } from './app/router.tsx';
import { warmUpNumberFormats } from './lib/warm-up-number-formats.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The first page's chunk is already on its way (the HTML preloads it): waiting for it lets the first render show
// the page itself rather than suspend, which React would follow with up to 300 ms of waiting (app/lazy-page.ts).
// A chunk that fails to load is left to the render, whose error boundary offers to try again.
preloadPageFor(window.location.pathname).then(render, render);
// A task of its own, queued before the render: it runs before the first paint without lengthening the render.
setTimeout(warmUpNumberFormats, 0);
