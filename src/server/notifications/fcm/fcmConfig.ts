import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkedHttpUrl, ConfigurationError, type Environment, read, wholeNumber } from '../../configReading';

/** The fields of a Firebase service-account key file (Project settings → Service accounts) that sending needs. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  /** PKCS #8 PEM, as the file holds it. */
  private_key: string;
  /** Google's OAuth token endpoint, or the loopback fake's. */
  token_uri: string;
  /** Named in the assertion's header so that Google picks the right public key; absent from a hand-made account. */
  private_key_id?: string;
}

/** Local mode runs the loopback FCM fake beside the server, or uses one already running (FCM_FAKE_URL). */
export interface LocalFcmConfig {
  mode: 'local';
  /** 0: any free port. */
  fakePort: number;
  /** A fake started elsewhere, which outlives this server and is shared by several; none is started then. */
  fakeUrl: string | undefined;
}

export interface LiveFcmConfig {
  mode: 'fcm';
  serviceAccount: FcmServiceAccount;
}

export type FcmConfig = LocalFcmConfig | LiveFcmConfig;

/**
 * The service account in `json`, or a ConfigurationError naming what is wrong with it (`source` says where it came from).
 * The private key is never repeated in a message: they end up in logs.
 */
export function parseServiceAccount(json: string, source: string): FcmServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigurationError(`${source} is not JSON: it should be the service-account key file downloaded from the Firebase console`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigurationError(`${source} must be a JSON object: the service-account key file downloaded from the Firebase console`);
  }
  const fields = parsed as Record<string, unknown>;
  const text = (name: keyof FcmServiceAccount): string => {
    const value = fields[name];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ConfigurationError(
        `${source} has no ${name}: it should be the service-account key file downloaded from the Firebase console (Project settings → Service accounts)`,
      );
    }
    return value;
  };
  if (fields.type !== undefined && fields.type !== 'service_account') {
    throw new ConfigurationError(`${source} is a "${String(fields.type)}" credential, not a service account's key file`);
  }
  const projectId = text('project_id');
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(projectId)) {
    throw new ConfigurationError(`${source} has a project_id that is not a Firebase project id, got "${projectId}"`);
  }
  const clientEmail = text('client_email');
  if (!/^[^@\s]+@[^@\s]+$/.test(clientEmail)) {
    throw new ConfigurationError(`${source} has a client_email that is not an email address, got "${clientEmail}"`);
  }
  const privateKey = text('private_key');
  // Read now, so that a key mangled on its way into the environment (its newlines lost) stops the start, not every send.
  let keyType: string | undefined;
  try {
    keyType = createPrivateKey({ key: privateKey, format: 'pem' }).asymmetricKeyType;
  } catch {
    keyType = undefined;
  }
  if (keyType !== 'rsa') {
    throw new ConfigurationError(`${source} has a private_key that is not an RSA private key in PEM ("-----BEGIN PRIVATE KEY-----…")`);
  }
  const tokenUri = text('token_uri');
  checkedHttpUrl(tokenUri, `${source}'s token_uri`);
  const privateKeyId = fields.private_key_id;
  return {
    project_id: projectId,
    client_email: clientEmail,
    private_key: privateKey,
    token_uri: tokenUri,
    ...(typeof privateKeyId === 'string' && privateKeyId !== '' ? { private_key_id: privateKeyId } : {}),
  };
}

function serviceAccountFromFile(path: string): FcmServiceAccount {
  let json: string;
  try {
    json = readFileSync(resolve(path), 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new ConfigurationError(`FCM_SERVICE_ACCOUNT_FILE "${path}" cannot be read (${reason})`);
  }
  return parseServiceAccount(json, `FCM_SERVICE_ACCOUNT_FILE "${path}"`);
}

/**
 * FCM_SERVICE_ACCOUNT_FILE (a path to the key file) or FCM_SERVICE_ACCOUNT_JSON (its contents) sends through Firebase;
 * with neither, local mode sends to the loopback fake: FCM_FAKE_URL's, or one started on FCM_FAKE_PORT (0: any free port).
 */
export function loadFcmConfig(env: Environment): FcmConfig {
  const file = read(env, 'FCM_SERVICE_ACCOUNT_FILE');
  const json = read(env, 'FCM_SERVICE_ACCOUNT_JSON');
  if (file !== undefined && json !== undefined) {
    throw new ConfigurationError('Set FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON, not both');
  }
  if (file !== undefined) return { mode: 'fcm', serviceAccount: serviceAccountFromFile(file) };
  if (json !== undefined) return { mode: 'fcm', serviceAccount: parseServiceAccount(json, 'FCM_SERVICE_ACCOUNT_JSON') };

  const fakePort = wholeNumber(env, 'FCM_FAKE_PORT', 0, 0, 65535);
  const fakeUrl = read(env, 'FCM_FAKE_URL');
  if (fakeUrl !== undefined) checkedHttpUrl(fakeUrl, 'FCM_FAKE_URL');
  return { mode: 'local', fakePort, fakeUrl: fakeUrl?.replace(/\/+$/, '') };
}
