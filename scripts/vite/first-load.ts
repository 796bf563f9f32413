import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * src/main.tsx imports the start-up (the api client, the app actor) and then the UI dynamically:
 * the start-up requests need not wait for React and the router to download and run, and a page
 * the server rendered paints before any of it is asked for (docs/decisions/0023). Vite would only
 * fetch a dynamic import's chunks when the import runs; this adds the `modules`' chunks to
 * index.html as modulepreload links, so that on a page without the server's first screen they
 * download alongside the entry (the server drops them from the pages it renders).
 */
export function preloadLazyModules(modules: readonly string[]): Plugin {
  return {
    name: 'blockfront:preload-lazy-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const alreadyLoaded = staticClosure(bundle, entry.fileName);
        const files = new Set(
          modules.flatMap((module) => [...staticClosure(bundle, lazyChunk(bundle, module))]),
        );
        return [...files]
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

/** The file of the chunk whose entry is `module` (a dynamically imported module). */
function lazyChunk(bundle: OutputBundle, module: string): string {
  const id = resolve(module);
  const lazy = Object.values(bundle).find(
    (output): output is OutputChunk => output.type === 'chunk' && output.facadeModuleId === id,
  );
  if (!lazy) throw new Error(`preload-lazy-modules: no chunk has ${module} as its entry`);
  return lazy.fileName;
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
