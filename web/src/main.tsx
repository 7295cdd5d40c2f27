import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageFor } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition, so React renders the first screen in slices of a few milliseconds, yielding to the browser between
// them, rather than in one long task (its commit is still one piece). Nothing may suspend in it: a transition keeps a
// suspended first screen back until whatever it waits for arrives, where a plain render would show the fallback.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// The first page's chunk is already on its way (the HTML preloads it): waiting for it lets the first render show
// the page itself rather than suspend, which React would follow with up to 300 ms of waiting (app/lazy-page.ts).
// A chunk that fails to load is left to the render, whose error boundary offers to try again.
preloadPageFor(window.location.pathname).then(render, render);
