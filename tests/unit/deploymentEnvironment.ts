import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';

// The reference deployment's environment file (deploy/production.env.example), for the tests that start or configure a
// server in production shape.

const deploy = new URL('../../deploy/', import.meta.url);

/** A file of deploy/, as text. */
export const readDeployFile = (name: string) => readFileSync(new URL(name, deploy), 'utf8');

/** KEY=value lines, as Docker Compose's env_file reads them (no quotes, no expansion), comments and blank lines left out. */
function parseEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const equals = line.indexOf('=');
      if (equals < 1) throw new Error(`"${line}" is not KEY=value`);
      return [line.slice(0, equals), line.slice(equals + 1)] as const;
    });
  return Object.fromEntries(entries);
}

export const productionExample = parseEnvFile(readDeployFile('production.env.example'));

/**
 * The example with its secrets replaced by test values of the right shape: the Firebase key file (written into
 * `directory`) and the VAPID keys.
 */
export async function filledInProductionExample(directory: string): Promise<Record<string, string>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keyFile = join(directory, 'fcm-service-account.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'golden-dragon-leeds',
      private_key: await exportPKCS8(privateKey),
      client_email: 'firebase-adminsdk-x1y2z@golden-dragon-leeds.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  const vapid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = vapid.privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
  return { ...productionExample, FCM_SERVICE_ACCOUNT_FILE: keyFile, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: jwk.d! };
}
