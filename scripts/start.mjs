import { buildSiteIfNeeded } from './build-if-needed.mjs';
import { serve } from './process.mjs';

buildSiteIfNeeded();
// The demo's loopback printer keeps one port from start to start, as the printer the owner saves points at it.
serve(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { NODE_ENV: 'production', LOOPBACK_PRINTER_PORT: '9100', ...process.env } });
