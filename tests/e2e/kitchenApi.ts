import { expect } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import { STAFF_EMAIL, STAFF_PASSWORD } from './kitchenSupport';

type BookingRecord = components['schemas']['BookingRecord'];
type CateringEnquiryRecord = components['schemas']['CateringEnquiryRecord'];

type SiteConfig = {
  apiBaseUrl: string;
  applicationKey: string;
  siteKey: string;
  identity: { userPoolClientId: string; endpoint?: string };
};

/** The restaurant's side of an order, driven through the real kitchen API over HTTP as the signed-in staff user. */
export interface KitchenApi {
  accept(orderId: string): Promise<void>;
  proposeTime(orderId: string, updateTime: Date): Promise<void>;
  /** `unavailableLines`: the order's lines (0-based) the kitchen names as unavailable. */
  refuse(orderId: string, reason: string, unavailableLines?: number[]): Promise<void>;
  setStatus(orderId: string, kitchenStatus: number): Promise<void>;
  /** The staff lists of table-booking requests and catering enquiries, London days `from` to `to`. */
  bookings(from: string, to: string): Promise<BookingRecord[]>;
  cateringEnquiries(from: string, to: string): Promise<CateringEnquiryRecord[]>;
}

/**
 * Signs a demo user in through the identity emulator the site proxies at `/identity` (the app client from
 * `/config.json`): the API's base URL and the headers its calls carry with that user's id token, as the site sends them.
 */
export async function signedInApi(baseURL: string, email: string, password: string): Promise<{ apiBase: URL; headers: Record<string, string> }> {
  const config = (await (await fetch(new URL('/config.json', baseURL))).json()) as SiteConfig;
  const identityEndpoint = new URL(config.identity.endpoint ?? '/identity', baseURL);
  const signIn = await fetch(identityEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.identity.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  expect(signIn.ok, `${email} signs in`).toBe(true);
  const { AuthenticationResult } = (await signIn.json()) as { AuthenticationResult: { IdToken: string } };
  return {
    apiBase: new URL(config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`, baseURL),
    headers: { authorization: `Bearer ${AuthenticationResult.IdToken}`, 'x-application-key': config.applicationKey, 'x-site-key': config.siteKey },
  };
}

/** The demo staff user's kitchen calls (signedInApi), as the dashboard makes them. */
export async function kitchenApi(baseURL: string): Promise<KitchenApi> {
  const { apiBase, headers: staffHeaders } = await signedInApi(baseURL, STAFF_EMAIL, STAFF_PASSWORD);

  async function post(orderId: string, action: string, body?: Record<string, unknown>): Promise<void> {
    const response = await fetch(new URL(`kitchen/orders/${encodeURIComponent(orderId)}/${action}`, apiBase), {
      method: 'POST',
      headers: { ...staffHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `POST /kitchen/orders/…/${action}: ${await response.clone().text()}`).toBe(200);
  }

  async function list<Data>(path: string, from: string, to: string): Promise<Data> {
    const url = new URL(`kitchen/${path}`, apiBase);
    url.search = new URLSearchParams({ from, to }).toString();
    const response = await fetch(url, { headers: staffHeaders });
    expect(response.status, `GET /kitchen/${path}: ${await response.clone().text()}`).toBe(200);
    return ((await response.json()) as { data: Data }).data;
  }

  return {
    accept: (orderId) => post(orderId, 'accept'),
    proposeTime: (orderId, updateTime) => post(orderId, 'proposeTime', { updateTime: updateTime.toISOString() }),
    refuse: (orderId, reason, unavailableLines) => post(orderId, 'refuse', { reason, ...(unavailableLines ? { unavailableLines } : {}) }),
    setStatus: (orderId, kitchenStatus) => post(orderId, 'status', { kitchenStatus }),
    bookings: async (from, to) => (await list<{ bookings: BookingRecord[] }>('bookings', from, to)).bookings,
    cateringEnquiries: async (from, to) => (await list<{ enquiries: CateringEnquiryRecord[] }>('cateringEnquiries', from, to)).enquiries,
  };
}
