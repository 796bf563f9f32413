import './styles/index.css';
import { readStartupData } from './bootstrap/inlined-answers';
import { nextTask } from './bootstrap/next-task';
import { browserApiClient, createApp } from './bootstrap/start-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The start-up requests leave before the UI code (React, the router, the screens) has loaded;
// index.html preloads that code alongside this entry (scripts/vite/first-load.ts). Evaluating
// this code, creating the app actor and starting it run as separate tasks, none of them long.
// The start-up answers the server inlined with its rendering of the first screen (ADR 0021).
const startup = readStartupData(document);
await nextTask();
const started = createApp({ api: browserApiClient(startup) });
await nextTask();
started.app.start();
const { mountApp } = await import('./bootstrap/bootApp');
await mountApp(started, root, startup);
