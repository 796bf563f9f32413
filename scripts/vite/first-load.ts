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

export interface FirstScreenRoots {
  /** The page's entry: what it reaches through static imports stays in its own chunk. */
  entry: string;
  /** Imported dynamically by the entry at once (the api client, the app actor, its machines). */
  start: readonly string[];
  /** Imported next (React, the router, the shell) and the first screen's pages. */
  ui: readonly string[];
}

/**
 * The first screen in two chunks, 'start' and 'ui', decided from the module graph: `start` holds
 * what the `start` roots reach through static imports, `ui` what the `ui` roots reach that `start`
 * and the entry do not. A module only a dynamic import reaches (a lazy page, its screen machine, a
 * part loaded on use) joins neither, so it cannot ride along with the first load
 * (docs/decisions/0042). Without the groups every module the first screen shares with a lazy page
 * would be a chunk of its own: 16 files instead of 6, each a round trip on HTTP/1.1, ~2 KB more
 * gzip (docs/decisions/0006). The server's render build has no such roots and keeps the default.
 */
export function firstScreenChunks(roots: FirstScreenRoots): Plugin {
  let groups: { start: Set<string>; ui: Set<string> } | undefined;
  return {
    name: 'blockfront:first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      groups = undefined;
      if (error || !this.getModuleInfo(resolve(roots.entry))) return;
      const reach = (modules: readonly string[], skip: Set<string>) => {
        const reached = new Set<string>();
        const stack = modules.map((module) => resolve(module));
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (reached.has(id) || skip.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) throw new Error(`first-screen-chunks: ${id} is not in the build`);
          reached.add(id);
          stack.push(...info.importedIds);
        }
        return reached;
      };
      const entry = reach([roots.entry], new Set());
      const start = reach(roots.start, entry);
      groups = { start, ui: reach(roots.ui, new Set([...entry, ...start])) };
    },
    // Called before the graph is known (buildEnd); the tests are asked after it.
    outputOptions(options) {
      const group = (name: 'start' | 'ui') => ({
        name,
        includeDependenciesRecursively: false,
        test: (id: string) => groups?.[name].has(id) ?? false,
      });
      return { ...options, codeSplitting: { groups: [group('start'), group('ui')] } };
    },
  };
}
