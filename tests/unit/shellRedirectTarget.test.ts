import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../../src/shell/redirectTarget';

describe('the sign-in redirect target', () => {
  it.each(['/account', '/order?step=2', '/'])('follows the site path %s', (path) => {
    expect(safeRedirectTarget(path)).toBe(path);
  });

  it.each([undefined, 42, '', 'account', 'https://evil.example/', '//evil.example/x', '/\\evil.example'])(
    'goes to / instead of %j',
    (requested) => {
      expect(safeRedirectTarget(requested)).toBe('/');
    },
  );
});
