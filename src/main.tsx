import './styles/index.css';
import { startApp } from './bootstrap/start-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The start-up requests leave before the UI code (React, the router, the screens) has loaded;
// index.html preloads that code alongside this entry (scripts/vite/first-load.ts).
const started = startApp();
const { mountApp } = await import('./features/shell/bootApp');
await mountApp(started, root);
