import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/server/config';
import { loadFcmConfig } from '../../src/server/notifications/fcm/fcmConfig';

// A key file as the Firebase console gives it (Project settings → Service accounts → Generate new private key).
let keyFile: Record<string, string>;
const directory = mkdtempSync(join(tmpdir(), 'fcm-config-'));

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  keyFile = {
    type: 'service_account',
    project_id: 'golden-dragon-leeds',
    private_key_id: '3f1c0e9a7b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f',
    private_key: await exportPKCS8(privateKey),
    client_email: 'firebase-adminsdk-x1y2z@golden-dragon-leeds.iam.gserviceaccount.com',
    client_id: '112233445566778899001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
    universe_domain: 'googleapis.com',
  };
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const serviceAccountOf = (file: Record<string, string>) => ({
  project_id: file.project_id,
  client_email: file.client_email,
  private_key: file.private_key,
  token_uri: file.token_uri,
  private_key_id: file.private_key_id,
});

describe('the FCM settings', () => {
  it('send to a loopback fake on any free port by default, or to one already running', () => {
    expect(loadFcmConfig({})).toEqual({ mode: 'local', fakePort: 0, fakeUrl: undefined });
    expect(loadFcmConfig({ FCM_FAKE_PORT: '9250', FCM_SERVICE_ACCOUNT_JSON: '' })).toEqual({ mode: 'local', fakePort: 9250, fakeUrl: undefined });
    expect(loadFcmConfig({ FCM_FAKE_URL: 'http://127.0.0.1:41234/' })).toEqual({ mode: 'local', fakePort: 0, fakeUrl: 'http://127.0.0.1:41234' });
  });

  it('send through Firebase with the service account in FCM_SERVICE_ACCOUNT_JSON', () => {
    expect(loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(keyFile) })).toEqual({ mode: 'fcm', serviceAccount: serviceAccountOf(keyFile) });
  });

  it('send through Firebase with the key file named by FCM_SERVICE_ACCOUNT_FILE', () => {
    const path = join(directory, 'service-account.json');
    writeFileSync(path, JSON.stringify(keyFile, null, 2));
    expect(loadFcmConfig({ FCM_SERVICE_ACCOUNT_FILE: path })).toEqual({ mode: 'fcm', serviceAccount: serviceAccountOf(keyFile) });
  });

  it.each([
    [() => ({ FCM_SERVICE_ACCOUNT_FILE: '/nowhere/key.json', FCM_SERVICE_ACCOUNT_JSON: '{}' }), 'Set FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON, not both'],
    [() => ({ FCM_SERVICE_ACCOUNT_FILE: '/nowhere/key.json' }), 'FCM_SERVICE_ACCOUNT_FILE "/nowhere/key.json" cannot be read (ENOENT)'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: 'AIzaSyB-server-key' }), 'FCM_SERVICE_ACCOUNT_JSON is not JSON'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: '[]' }), 'FCM_SERVICE_ACCOUNT_JSON must be a JSON object'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, project_id: undefined }) }), 'FCM_SERVICE_ACCOUNT_JSON has no project_id'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, client_email: '' }) }), 'FCM_SERVICE_ACCOUNT_JSON has no client_email'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, token_uri: undefined }) }), 'FCM_SERVICE_ACCOUNT_JSON has no token_uri'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, private_key: undefined }) }), 'FCM_SERVICE_ACCOUNT_JSON has no private_key'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, private_key: 'MIIEv…' }) }), 'has a private_key that is not an RSA private key in PEM'],
    [
      () => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, private_key: keyFile.private_key.replaceAll('\n', '\\n') }) }),
      'has a private_key that is not an RSA private key in PEM',
    ],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, project_id: 'Golden Dragon' }) }), 'has a project_id that is not a Firebase project id'],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, token_uri: 'oauth2.googleapis.com/token' }) }), "FCM_SERVICE_ACCOUNT_JSON's token_uri must be an http:// or https:// URL"],
    [() => ({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, type: 'authorized_user' }) }), 'is a "authorized_user" credential, not a service account'],
    [() => ({ FCM_FAKE_PORT: '65536' }), 'FCM_FAKE_PORT must be a whole number from 0 to 65535'],
    [() => ({ FCM_FAKE_URL: 'localhost:9250' }), 'FCM_FAKE_URL must be an http:// or https:// URL'],
  ])('refuse a wrong setting with a clear message (%#)', (env, message) => {
    expect(() => loadFcmConfig(env())).toThrow(ConfigurationError);
    expect(() => loadFcmConfig(env())).toThrow(message);
  });

  it('never repeat the private key in a refusal', () => {
    const refusal = () => loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, client_email: 'not an address' }) });
    expect(refusal).toThrow('has a client_email that is not an email address');
    expect(refusal).not.toThrow(keyFile.private_key.slice(40, 80));
  });
});
