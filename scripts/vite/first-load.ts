import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * src/main.tsx starts the app actor, then imports the UI (`module`) dynamically, so the start-up
 * requests need not wait for React and the router to download and run. Vite would only fetch a
 * dynamic import's chunks when the import runs; this adds them to index.html as modulepreload
 * links, so they download alongside the entry.
 */
export function preloadLazyModule(module: string): Plugin {
  const id = resolve(module);
  return {
    name: 'blockfront:preload-lazy-module',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const lazy = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.facadeModuleId === id,
        );
        if (!lazy) throw new Error(`preload-lazy-module: no chunk has ${module} as its entry`);
        const alreadyLoaded = staticClosure(bundle, entry.fileName);
        return [...staticClosure(bundle, lazy.fileName)]
          .filter((file) => !alreadyLoaded.has(file))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            }),
          );
      },
    },
  };
}

/** `file` and every chunk it imports statically, directly or not. */
function staticClosure(bundle: OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const output = bundle[file];
  if (output?.type === 'chunk') for (const imported of output.imports) staticClosure(bundle, imported, seen);
  return seen;
}

const STYLESHEET = /\n[ \t]*<link rel="stylesheet"[^>]*>/g;

/**
 * Puts the app's stylesheet first among the head's links. Vite writes it after the entry script
 * and its preloads; over HTTP/1.1's six connections per host the stylesheet then waits for those
 * scripts, and with it the first paint (the start-up spinner of index.html).
 */
export function stylesheetFirst(): Plugin {
  return {
    name: 'blockfront:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(STYLESHEET) ?? [];
        const rest = html.replace(STYLESHEET, '');
        const at = rest.indexOf('\n    <link');
        if (links.length === 0 || at === -1) throw new Error('stylesheet-first: no stylesheet to move');
        return `${rest.slice(0, at)}${links.join('')}${rest.slice(at)}`;
      },
    },
  };
}
