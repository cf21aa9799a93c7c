// Types for scripts/route-manifest.mjs, which gen-routes.mjs runs and tests/unit/routeFacts.test.ts checks the manifest with.
import type { PageFacts } from '../src/domain/routeFacts';

export const ROUTES_DIRECTORY: string;
export const MANIFEST_FILE: string;
export function fullPathOf(routeId: string): string;
export function readRouteFacts(root: string): Record<string, PageFacts>;
export function routeManifestSource(root: string): string;
