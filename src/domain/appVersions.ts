// The native apps' versions (SPEC §9: 1.0.81 today): which installed app is too old to keep ordering with. Shared by
// the root route's guard and the server, which reads the oldest version it still supports from its configuration.

/** A store version as both stores take it: numbers separated by dots (`1.0.81`), compared number by number. */
export const APP_VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){0,3}$/;

/** MINIMUM_APP_VERSION unset: every app version published so far is still supported. */
export const DEFAULT_OLDEST_SUPPORTED_APP_VERSION = '1.0.0';

export function isAppVersion(value: string): boolean {
  return APP_VERSION_PATTERN.test(value);
}

function versionParts(version: string): number[] {
  return version.split('.').map(Number);
}

/**
 * Whether `installed` is older than `oldestSupported`, number by number (`1.0.9` is older than `1.0.81`, which a
 * comparison of the texts would get wrong); a missing part counts as 0 (`1.1` is `1.1.0`). A version that is not
 * numbers and dots is never called old: an app that reports something unexpected keeps working rather than being
 * locked out.
 */
export function isOlderVersion(installed: string, oldestSupported: string): boolean {
  if (!isAppVersion(installed) || !isAppVersion(oldestSupported)) return false;
  const ours = versionParts(installed);
  const theirs = versionParts(oldestSupported);
  for (let index = 0; index < Math.max(ours.length, theirs.length); index += 1) {
    const difference = (ours[index] ?? 0) - (theirs[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/** The installed native app's version and the oldest one the server still supports; never set on the website. */
export interface NativeAppVersions {
  installed: string;
  oldestSupported: string;
}

export const UPDATE_REQUIRED_PATH = '/updateRequired';

/**
 * Where a navigation goes instead, if anywhere: an app older than the server supports is held at `/updateRequired`
 * whatever it asks for, except the error page; the website (no native versions) never goes there.
 */
export function updateRequiredRedirect(normalisedPath: string, nativeApp: NativeAppVersions | undefined): string | undefined {
  if (nativeApp === undefined || !isOlderVersion(nativeApp.installed, nativeApp.oldestSupported)) return undefined;
  if (normalisedPath === UPDATE_REQUIRED_PATH.toLowerCase() || normalisedPath === '/sorry') return undefined;
  return UPDATE_REQUIRED_PATH;
}
