import './styles/index.css';
import { afterFirstPaint, holdEarlyActions, readStartupData } from './bootstrap/served-page';

// index.html has it.
const root = document.getElementById('root') as HTMLElement;
const startup = readStartupData(document);
// A page whose first screen came in its HTML paints before its code is asked for, so the
// stylesheet, the font and the images have the connection to themselves (docs/decisions/0023);
// what the visitor does on it meanwhile waits for the app's first render to commit.
const releaseEarlyActions = startup ? holdEarlyActions(root) : undefined;
if (startup) await afterFirstPaint();
const { startInBrowser } = await import('./bootstrap/browser-start');
await startInBrowser(root, startup, releaseEarlyActions);
