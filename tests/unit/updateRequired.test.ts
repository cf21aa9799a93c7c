import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { isOlderVersion, updateRequiredRedirect, type NativeAppVersions } from '../../src/domain/appVersions';
import { loadConfig } from '../../src/server/config';
import { Route as rootRoute } from '../../src/routes/__root';
import type { RestaurantData, RouterContext } from '../../src/shell/routerContext';

describe('comparing app versions', () => {
  it.each([
    ['1.0.9', '1.0.81', true],
    ['1.0.80', '1.0.81', true],
    ['0.9.99', '1.0.0', true],
    ['1.0', '1.0.1', true],
    ['1.0.81', '1.0.81', false],
    ['1.0.81', '1.0.0', false],
    ['1.1', '1.0.81', false],
    ['2.0.0', '10.0.0', true],
  ])('%s is older than %s: %s', (installed, oldestSupported, older) => {
    expect(isOlderVersion(installed, oldestSupported)).toBe(older);
  });

  it('never calls a version it cannot read old', () => {
    expect(isOlderVersion('1.0.0-beta', '9.0.0')).toBe(false);
    expect(isOlderVersion('', '9.0.0')).toBe(false);
  });
});

describe('the update-required rule', () => {
  const oldApp: NativeAppVersions = { installed: '1.0.80', oldestSupported: '1.0.81' };

  it('holds an old app at /updateRequired wherever it goes, but lets the error page show', () => {
    for (const path of ['/', '/home', '/order', '/track', '/checkout']) expect(updateRequiredRedirect(path, oldApp)).toBe('/updateRequired');
    expect(updateRequiredRedirect('/updaterequired', oldApp)).toBeUndefined();
    expect(updateRequiredRedirect('/sorry', oldApp)).toBeUndefined();
  });

  it('lets a supported app and the website through', () => {
    expect(updateRequiredRedirect('/order', { installed: '1.0.81', oldestSupported: '1.0.81' })).toBeUndefined();
    expect(updateRequiredRedirect('/order', undefined)).toBeUndefined();
  });
});

/** The root route's guard, run as the router runs it on a navigation, with the core data already held. */
async function guardAt(pathname: string, nativeAppVersions?: NativeAppVersions): Promise<unknown> {
  const restaurant = { name: 'Golden Dragon' } as RestaurantData;
  const context = {
    coreData: { load: async () => restaurant, current: () => restaurant },
    appStart: { settingsChecked: true },
    ...(nativeAppVersions ? { nativeAppVersions } : {}),
  } as unknown as RouterContext;
  const beforeLoad = rootRoute.options.beforeLoad as unknown as (options: object) => Promise<unknown>;
  try {
    return await beforeLoad({ context, location: { pathname }, matches: [] });
  } catch (thrown) {
    return thrown;
  }
}

describe("the app's root route guard", () => {
  it('sends an app older than the server supports to /updateRequired', async () => {
    const outcome = await guardAt('/order', { installed: '1.0.80', oldestSupported: '1.0.81' });
    expect(isRedirect(outcome)).toBe(true);
    expect((outcome as { options: { href: string } }).options.href).toBe('/updateRequired');
  });

  it('shows /updateRequired itself to that app', async () => {
    expect(isRedirect(await guardAt('/updateRequired', { installed: '1.0.80', oldestSupported: '1.0.81' }))).toBe(false);
  });

  it('never sends the website there, whatever the server supports', async () => {
    const outcome = await guardAt('/order');
    expect(isRedirect(outcome)).toBe(false);
    expect(outcome).toEqual({ restaurant: { name: 'Golden Dragon' }, renderedAt: expect.any(Number) });
  });

  it('lets a supported app order', async () => {
    expect(isRedirect(await guardAt('/order', { installed: '1.0.81', oldestSupported: '1.0.81' }))).toBe(false);
  });
});

describe("the server's oldest supported app version", () => {
  it('is 1.0.0 unless MINIMUM_APP_VERSION says', () => {
    expect(loadConfig({}).minimumAppVersion).toBe('1.0.0');
    expect(loadConfig({ MINIMUM_APP_VERSION: '1.0.81' }).minimumAppVersion).toBe('1.0.81');
  });

  it('refuses a value that is not a version', () => {
    expect(() => loadConfig({ MINIMUM_APP_VERSION: 'latest' })).toThrow('MINIMUM_APP_VERSION must be an app version such as 1.0.81, got "latest"');
  });
});
