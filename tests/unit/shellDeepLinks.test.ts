import { describe, expect, it } from 'vitest';
import { deepLinkTarget, hasNativeBridge } from '../../src/platform/native';

describe('native deep links', () => {
  it.each([
    ['https://golden-dragon.example/track?orderId=abc#top', '/track?orderId=abc#top'],
    ['goldendragon://app/order', '/order'],
    ['https://golden-dragon.example', '/'],
  ])('follows %s to %s', (url, target) => {
    expect(deepLinkTarget(url)).toBe(target);
  });

  it.each(['not a url', '', 'goldendragon:track'])('finds no target in the invalid link %j', (url) => {
    expect(deepLinkTarget(url)).toBeUndefined();
  });

  it.each([
    [{ androidBridge: {} }, true],
    [{ webkit: { messageHandlers: { bridge: {} } } }, true],
    [{ Capacitor: {} }, true],
    [{ CapacitorCustomPlatform: { name: 'electron' } }, true],
    [{ webkit: { messageHandlers: {} } }, false],
    [{}, false],
  ])('recognises a native bridge in %j: %s', (win, expected) => {
    expect(hasNativeBridge(win)).toBe(expected);
  });
});
