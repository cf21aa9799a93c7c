import { expect } from '@playwright/test';

type SiteConfig = { apiBaseUrl: string; applicationKey: string; siteKey: string };

/** A guest's collection order, confirmed and waiting for the restaurant, as the site's calls leave it. */
export interface GuestOrder {
  basketId: string;
  orderRef: string;
  /** The customer cancels it (what "Cancel order" sends). */
  cancel(): Promise<void>;
}

/**
 * Places a guest's cash collection order of one Mixed Starter for Two through the real API over HTTP, as the site's
 * screens do (create, update, confirm, ask the restaurant to accept it), for tests about what follows an order
 * rather than the journey to it (that journey is basketPaths.spec.ts's).
 */
export async function placeGuestOrder(baseURL: string): Promise<GuestOrder> {
  const config = (await (await fetch(new URL('/config.json', baseURL))).json()) as SiteConfig;
  const apiBase = new URL(config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`, baseURL);
  const headers = { 'x-application-key': config.applicationKey, 'x-site-key': config.siteKey };

  async function call<Data>(path: string, body?: unknown): Promise<Data> {
    const response = await fetch(new URL(path, apiBase), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return ((await response.json()) as { data: Data }).data;
  }

  const { basketId } = await call<{ basketId: string }>('OrderBuilder/create');
  // The server's clock is real: the first slot offered is always one it takes (ASAP is only while it is open).
  const { slots } = await call<{ slots: string[] }>('orderbuilder/timeSlots/1');
  await call('orderbuilder/update', {
    basketId,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: '',
    appVersion: '1.0.81',
    orderType: 1,
    orderItems: [{ categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 13.9, lineCost: 13.9 }],
    voucherItems: [],
    itemCost: 13.9,
    deliveryCharge: 0,
    bagCharge: 0,
    discount: 0,
    totalCost: 13.9,
    ignoreTimeOffset: false,
    name: 'Alex Guest',
    phone: '07700 900123',
    email: 'alex.guest@example.com',
    paymentType: 1,
    asapFlag: false,
    requestedTime: slots[0],
  });
  const { orderRef } = await call<{ orderRef: string }>('orderbuilder/confirm', { basketId });
  await call('orderbuilder/createAcceptance', { basketId });
  return {
    basketId,
    orderRef,
    cancel: async () => {
      expect(await call<{ OrderCancelled: boolean }>(`orderbuilder/cancel/${encodeURIComponent(basketId)}`, {})).toEqual({ OrderCancelled: true });
    },
  };
}
