import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App, bootApp } from './features/shell/bootApp';

const { app, router } = bootApp();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(<App app={app} router={router} />);
