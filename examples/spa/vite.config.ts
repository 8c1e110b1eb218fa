// The SPA's build. Vite's defaults do the rest: index.html is the entry, `vite preview` serves
// dist/ and answers every unknown path (such as /callback) with index.html, for the app's router.
import { defineConfig } from 'vite';

export default defineConfig({
  preview: { host: '127.0.0.1', port: 4173 },
  build: { sourcemap: true },
});
