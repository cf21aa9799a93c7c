import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The router plugin must come before react() so that route files are code-split before JSX transform.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/identity': 'http://127.0.0.1:8080', '/config.json': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist/site',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: on a phone's HTTP/1.1 connection (six at a time, each
        // slow to start) a dozen small preloaded chunks arrive later than the same bytes in one.
        // What the ordering screens share (with the Mantine components /order needs) goes in one chunk too, so
        // that /order is its own chunk plus that one rather than a dozen small ones.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The restaurant's pages (gallery, privacy, …) with their renderer in one chunk: the gallery is otherwise
            // eight small requests after the core data, each a round trip on a phone. Swiper stays apart (Carousel.tsx).
            { name: 'content', test: /[\\/](routes[\\/](gallery|privacy|cookies|terms|about-us|\$page)\.tsx\?tsr-split|screens[\\/]content[\\/]|components[\\/]content[\\/](?!Carousel\.tsx)|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/]Paper[\\/.])/, priority: 1 },
            { name: 'ordering', test: /[\\/](screens[\\/]order|components[\\/]order|api[\\/]useApiRequest|@mantine[\\/]core[\\/](esm[\\/]components|styles)[\\/](Alert|Button|CloseButton)[\\/.])/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
