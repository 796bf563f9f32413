import type { Plugin } from 'vite';

/**
 * The server's render entry (`vite build --ssr src/render/server-entry.tsx --outDir dist/render`,
 * docs/decisions/0021, beside the storefront's dist/app/) without the public files. Every
 * dependency is bundled: React's build is chosen at build time, as in the browser's bundle
 * (the server runs without NODE_ENV), and the components and react-dom/server then share one React.
 */
export function renderEntryBuild(): Plugin {
  return {
    name: 'blockfront:render-entry',
    apply: 'build',
    config(_config, env) {
      if (!env.isSsrBuild) return;
      return {
        build: { copyPublicDir: false, manifest: false, emptyOutDir: true },
        ssr: { noExternal: true },
        // The same React build as the browser's (vite build replaces NODE_ENV there; the JSX runtime
        // plugin-react chose depends on it too).
        define: {
          'process.env.NODE_ENV': JSON.stringify(
            process.env.NODE_ENV ?? (env.mode === 'production' ? 'production' : 'development'),
          ),
        },
      };
    },
  };
}
