import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptanceBrowserPaths } from '../e2e/paths/acceptance';
import { authBrowserPaths } from '../e2e/paths/auth';
import { basketBrowserPaths } from '../e2e/paths/basket';
import { paymentBrowserPaths } from '../e2e/paths/payment';
import { orderJourneyBrowserPaths } from '../e2e/paths/orderJourney';
import { trackingBrowserPaths } from '../e2e/paths/tracking';
import { acceptanceShortestPaths, acceptanceWatchingPaths } from '../machines/acceptance.paths';
import { authShortestPaths } from '../machines/auth.paths';
import { basketCustomerPaths, basketFormsPaths, basketJourneyPaths, basketMenuChangePaths } from '../machines/basket.paths';
import { kitchenAlertRingingPaths, kitchenAlertShortestPaths, kitchenAlertSimplePaths } from '../machines/kitchenAlert.paths';
import { kitchenBoardShortestPaths } from '../machines/kitchenBoard.paths';
import { orderJourneyShortestPaths } from '../machines/orderJourney.paths';
import { orderUpdatesShortestPaths } from '../machines/orderUpdates.paths';
import { paymentShortestPaths } from '../machines/payment.paths';
import { phoneOrderShortestPaths } from '../machines/phoneOrder.paths';
import { requestShortestPaths, requestSimplePaths } from '../machines/request.paths';
import { trackingShortestPaths, trackingWatchingPaths } from '../machines/tracking.paths';
import type { PathSet } from './catalogue';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every set of generated paths, run in the machine or through the real UI, as QA's report lists them. */
export function allPathSets(): PathSet[] {
  return [
    acceptanceShortestPaths,
    acceptanceWatchingPaths,
    acceptanceBrowserPaths,
    authShortestPaths,
    authBrowserPaths,
    basketJourneyPaths,
    basketMenuChangePaths,
    basketCustomerPaths,
    basketFormsPaths,
    basketBrowserPaths,
    kitchenAlertShortestPaths,
    kitchenAlertSimplePaths,
    kitchenAlertRingingPaths,
    kitchenBoardShortestPaths,
    orderJourneyShortestPaths,
    orderJourneyBrowserPaths,
    orderUpdatesShortestPaths,
    paymentShortestPaths,
    paymentBrowserPaths,
    phoneOrderShortestPaths,
    requestShortestPaths,
    requestSimplePaths,
    trackingShortestPaths,
    trackingWatchingPaths,
    trackingBrowserPaths,
  ];
}

/** Every statechart in machines/ (a file named *Machine.ts), from the repository root, found on disk. */
export function statechartFiles(root = REPOSITORY_ROOT): string[] {
  const machines = join(root, 'machines');
  return readdirSync(machines, { recursive: true, encoding: 'utf8' })
    .filter((file) => /Machine\.ts$/.test(file))
    .map((file) => relative(root, join(machines, file)).split('\\').join('/'))
    .sort();
}
