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
  build: { outDir: 'dist/site', sourcemap: true, target: 'es2022' },
});
