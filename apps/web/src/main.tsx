import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client.ts';
import { installErrorReporting } from './app/error-reporting.ts';
import { router } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { SessionProvider } from './session/index.ts';
import './styles/tokens.css';
import './styles/base.css';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html lacks the #root element.');

installErrorReporting();
registerServiceWorker();

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
