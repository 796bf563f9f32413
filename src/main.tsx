import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { createApiClient } from './api';
import { startAppActor } from './bootstrap/app-actor';
import { AppActorProvider } from './features/app/AppActorContext';
import { AppRoot } from './features/shell/AppRoot';
import { type AppRouter, createAppRouter } from './routes/router';

// Bootstrap (DESIGN §1): api client → app actor → router → render.
const api = createApiClient();
let router: AppRouter | undefined;
const app = startAppActor(api, {
  isOnProtectedRoute: () =>
    router?.state.matches.some((match) => match.staticData.access === 'protected') ?? false,
  currentPath: () => router?.state.location.href ?? window.location.pathname + window.location.search,
  navigate: (to) => void router?.navigate({ to }),
});
router = createAppRouter({ app, api });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppActorProvider actor={app}>
      <AppRoot router={router} />
    </AppActorProvider>
  </StrictMode>,
);
