import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installErrorReporting } from './app/error-reporting.ts';
import { AppRoutes } from './app/router.tsx';
import { SessionProvider } from './session/index.ts';
import './styles/tokens.css';
import './styles/base.css';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html lacks the #root element.');

installErrorReporting();
// The push worker is not needed for the first paint: it registers once the page has loaded.
void import('./app/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());

// TanStack Query is not here: it loads with the first page that makes a call (app/router.tsx's
// lazyPage) and with a stored session (session/session-provider.tsx), not on a visitor's first paint.
createRoot(rootElement).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
