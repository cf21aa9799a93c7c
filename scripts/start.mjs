import { buildSiteIfNeeded } from './build-if-needed.mjs';
import { serve } from './process.mjs';

buildSiteIfNeeded();
serve(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { NODE_ENV: 'production', ...process.env } });
