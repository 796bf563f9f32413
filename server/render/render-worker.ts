import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderEntry, RenderResult } from './app-page';

type Request = Parameters<RenderEntry['render']>[0];

/** What the main thread sends the worker. */
type ToWorker =
  | { type: 'render'; id: number; request: Omit<Request, 'answer'> }
  | { type: 'answer'; id: number; body?: unknown; error?: string };

/** What the worker sends back. */
type FromWorker =
  | { type: 'ask'; render: number; id: number; path: string; query: string }
  | { type: 'rendered'; id: number; result: RenderResult }
  | { type: 'failed'; id: number; error: string };

/**
 * The worker's own code (CommonJS, evaluated): it loads the render entry and renders each page it
 * is sent, asking the main thread for every API answer the render needs (the database lives there).
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const entry = import(workerData.entryUrl);
const asked = new Map();
let nextAsk = 0;
parentPort.on('message', async (message) => {
  if (message.type === 'answer') {
    const pending = asked.get(message.id);
    asked.delete(message.id);
    if (pending === undefined) return;
    if (message.error === undefined) pending.resolve(message.body);
    else pending.reject(new Error(message.error));
    return;
  }
  const answer = (path, query) =>
    new Promise((resolve, reject) => {
      const id = nextAsk++;
      asked.set(id, { resolve, reject });
      parentPort.postMessage({ type: 'ask', render: message.id, id, path, query: String(query) });
    });
  try {
    const result = await (await entry).render({ ...message.request, answer });
    parentPort.postMessage({ type: 'rendered', id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', id: message.id, error: String(error && error.stack || error) });
  }
});
`;

interface Pending {
  request: Request;
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
}

/**
 * `entry` with its renders run in a worker thread that loads the same built file (docs/decisions/
 * 0055): a render holds its thread for 15–40 ms, which on the main thread every request then
 * waited for. The API answers a render asks for are still given here, where the database is.
 * `pageKey` stays on this thread (it only matches routes). A worker that dies fails the renders
 * it held (their pages go out unrendered) and is started again for the next one.
 */
export function renderingInWorker(
  file: string,
  entry: RenderEntry,
): RenderEntry & { close: () => Promise<void> } {
  let worker: Worker | undefined;
  let nextRender = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const render of pending.values()) render.reject(error);
    pending.clear();
  };
  const started = () => {
    if (worker !== undefined) return worker;
    const created = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { entryUrl: pathToFileURL(file).href },
    });
    // A worker waiting for nothing does not keep the process alive.
    created.unref();
    created.on('message', (message: FromWorker) => {
      if (message.type === 'ask') {
        const render = pending.get(message.render);
        if (render === undefined) return;
        // To the worker that asked: a worker started since numbers its questions anew.
        const reply = (answer: ToWorker) => created.postMessage(answer);
        render.request.answer(message.path, new URLSearchParams(message.query)).then(
          (body) => reply({ type: 'answer', id: message.id, body }),
          (error: unknown) => reply({ type: 'answer', id: message.id, error: String(error) }),
        );
        return;
      }
      const render = pending.get(message.id);
      if (render === undefined) return;
      pending.delete(message.id);
      if (message.type === 'rendered') render.resolve(message.result);
      else render.reject(new Error(message.error));
    });
    const gone = (error: Error) => {
      if (worker === created) worker = undefined;
      failAll(error);
    };
    created.on('error', gone);
    created.on('exit', (code) => gone(new Error(`the render worker exited with code ${code}`)));
    worker = created;
    return created;
  };

  return {
    ...(entry.pageKey === undefined ? {} : { pageKey: entry.pageKey }),
    render(request) {
      const { answer: _answer, ...sent } = request;
      const id = nextRender++;
      return new Promise<RenderResult>((resolve, reject) => {
        pending.set(id, { request, resolve, reject });
        started().postMessage({ type: 'render', id, request: sent } satisfies ToWorker);
      });
    },
    async close() {
      const closing = worker;
      worker = undefined;
      failAll(new Error('the server is closing'));
      await closing?.terminate();
    },
  };
}
