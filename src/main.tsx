import './styles/index.css';
import { nextTask } from './bootstrap/next-task';
import { createApp } from './bootstrap/start-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The start-up requests leave before the UI code (React, the router, the screens) has loaded;
// index.html preloads that code alongside this entry (scripts/vite/first-load.ts). Evaluating
// this code, creating the app actor and starting it run as separate tasks, none of them long.
await nextTask();
const started = createApp();
await nextTask();
started.app.start();
const { mountApp } = await import('./features/shell/bootApp');
await mountApp(started, root);
