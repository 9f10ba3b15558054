import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { App, handleSessionExpiry } from './app/app';
import { createRoutes } from './app/routes';
import './app/styles.css';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));
handleSessionExpiry(queryClient, router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
