import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The foundation only proves the build; the app-core issue replaces this with the bootstrap
// (api client → app actor → router → render).
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>Blockfront</h1>
    </main>
  </StrictMode>,
);
