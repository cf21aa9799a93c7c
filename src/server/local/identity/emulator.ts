import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'cognito-local/lib/server/server';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { JwtTokenGenerator, type TokenConfig } from 'cognito-local/lib/services/tokenGenerator';
import { KITCHEN_STAFF_GROUP, OWNER_GROUP } from '../../../domain/staff';

export const LOCAL_USER_POOL_NAME = 'golden-dragon-local';
export const LOCAL_APP_CLIENT_NAME = 'golden-dragon-web';
export const DEMO_STAFF_EMAIL = 'kitchen@golden-dragon.example';
export const DEMO_STAFF_PASSWORD = 'kitchen-demo-2026';
/** The restaurant's owner: the back office at /manage, and the kitchen too (src/domain/staff.ts). */
export const DEMO_OWNER_EMAIL = 'owner@golden-dragon.example';
export const DEMO_OWNER_PASSWORD = 'owner-demo-2026';
/** A signed-up, confirmed customer (not staff) whose account the server seeds (src/server/db/seed/demoCustomer.ts). */
export const DEMO_CUSTOMER_EMAIL = 'customer@golden-dragon.example';
export const DEMO_CUSTOMER_PASSWORD = 'customer-demo-2026';
/** Every emailed code (sign-up, forgotten password) is this one locally, so tests and demos can confirm accounts. */
export const LOCAL_VERIFICATION_CODE = '123456';

export interface IdentityEmulatorOptions {
  port: number;
  dataDir: string;
  host?: string;
}

export interface IdentityEmulator {
  /** Base URL of the emulator's Cognito API, e.g. http://127.0.0.1:9230 */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The `iss` of the tokens it signs: `<endpoint>/<userPoolId>`. */
  issuer: string;
  /** The demo customer: its `sub` keys its account in the database. */
  demoCustomer: { sub: string; email: string };
  close(): Promise<void>;
}

type EmulatorLogger = Parameters<typeof createServer>[1];
// cognito-local logs through its own pino (v7); Fastify's pino is another major version, so use the one it ships with.
const requireFromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local'));
const createPino = requireFromCognitoLocal('pino') as (options: { level: string; name: string }) => EmulatorLogger;

/**
 * Starts cognito-local in this process on loopback, storing its JSON database under `<dataDir>/identity/`,
 * and seeds the user pool, app client, `kitchen` group, demo staff user and demo customer (idempotently: a second
 * start on the same data directory finds them by name and keeps their ids, so the browser's configuration is stable).
 */
export async function startIdentityEmulator({ port, dataDir, host = '127.0.0.1' }: IdentityEmulatorOptions): Promise<IdentityEmulator> {
  const databaseDirectory = join(dataDir, 'identity');
  await mkdir(databaseDirectory, { recursive: true });

  const logger = createPino({ level: 'error', name: 'identity-emulator' });
  const ctx = { logger };
  // The issuer needs the bound port, known only after listening; the generator reads this object at signing time.
  const tokenConfig: TokenConfig = { IssuerDomain: undefined };
  const config: Config = {
    ...DefaultConfig,
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: tokenConfig,
    ServerConfig: { port, hostname: host, development: false, https: false },
  };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(databaseDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    databaseDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // No Lambda triggers are configured locally, so the Lambda client is never called.
  const noLambdaTriggers = new LambdaService(config.TriggerFunctions, undefined as never);
  const triggers = new TriggersService(clock, cognito, noLambdaTriggers, new CryptoService(config.KMSConfig));
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp: () => LOCAL_VERIFICATION_CODE,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, tokenConfig),
    triggers,
  };

  const server = (await createServer(Router(services), logger, config.ServerConfig, services).start()) as Server;
  const { port: boundPort } = server.address() as AddressInfo;
  const endpoint = `http://${host}:${boundPort}`;
  tokenConfig.IssuerDomain = endpoint;

  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });

  try {
    const { userPoolId, clientId, demoCustomerSub } = await seedLocalPool(endpoint);
    const demoCustomer = { sub: demoCustomerSub, email: DEMO_CUSTOMER_EMAIL };
    return { endpoint, userPoolId, clientId, issuer: `${endpoint}/${userPoolId}`, demoCustomer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export class IdentityServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(`${type}: ${message}`);
    this.name = 'IdentityServiceError';
  }
}

/** One call of the Cognito Identity Provider JSON API, as the AWS SDKs make it. */
export async function callIdentityService<Answer = Record<string, unknown>>(
  endpoint: string,
  action: string,
  body: Record<string, unknown>,
): Promise<Answer> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new IdentityServiceError(String(answer.__type ?? response.status), String(answer.message ?? ''));
  }
  return answer as Answer;
}

async function seedLocalPool(endpoint: string): Promise<{ userPoolId: string; clientId: string; demoCustomerSub: string }> {
  const call = <Answer>(action: string, body: Record<string, unknown>) => callIdentityService<Answer>(endpoint, action, body);

  const { UserPools } = await call<{ UserPools: { Id: string; Name: string }[] }>('ListUserPools', { MaxResults: 60 });
  const userPoolId =
    UserPools.find((pool) => pool.Name === LOCAL_USER_POOL_NAME)?.Id ??
    (
      await call<{ UserPool: { Id: string } }>('CreateUserPool', {
        PoolName: LOCAL_USER_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OFF',
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireUppercase: false,
            RequireLowercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      })
    ).UserPool.Id;

  const { UserPoolClients } = await call<{ UserPoolClients: { ClientId: string; ClientName: string }[] }>('ListUserPoolClients', {
    UserPoolId: userPoolId,
    MaxResults: 60,
  });
  const clientId =
    UserPoolClients.find((client) => client.ClientName === LOCAL_APP_CLIENT_NAME)?.ClientId ??
    (
      await call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: LOCAL_APP_CLIENT_NAME,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // Cognito's defaults, so that sessions expire locally as they do in production.
        IdTokenValidity: 60,
        AccessTokenValidity: 60,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      })
    ).UserPoolClient.ClientId;

  const { Groups } = await call<{ Groups: { GroupName: string }[] }>('ListGroups', { UserPoolId: userPoolId });
  const staffGroups = [
    { GroupName: KITCHEN_STAFF_GROUP, Description: 'Restaurant staff: the kitchen screens' },
    { GroupName: OWNER_GROUP, Description: "The restaurant's owner: the back office and the kitchen" },
  ];
  for (const group of staffGroups) {
    if (!Groups.some((existing) => existing.GroupName === group.GroupName)) await call('CreateGroup', { UserPoolId: userPoolId, ...group });
  }

  type UserAttribute = { Name: string; Value: string };
  /** A confirmed user with this password (set every start, which repairs a demo user that was changed by hand); its `sub`. */
  async function demoUser(email: string, password: string): Promise<string> {
    const existing = async () => call<{ UserAttributes: UserAttribute[] }>('AdminGetUser', { UserPoolId: userPoolId, Username: email });
    let user: { UserAttributes: UserAttribute[] };
    try {
      user = await existing();
    } catch (error) {
      if (!(error instanceof IdentityServiceError && error.type === 'UserNotFoundException')) throw error;
      await call('AdminCreateUser', {
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      user = await existing();
    }
    await call('AdminSetUserPassword', { UserPoolId: userPoolId, Username: email, Password: password, Permanent: true });
    const sub = user.UserAttributes.find((attribute) => attribute.Name === 'sub')?.Value;
    if (sub === undefined) throw new Error(`The identity emulator's user ${email} has no sub`);
    return sub;
  }

  await demoUser(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
  await call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: DEMO_STAFF_EMAIL, GroupName: KITCHEN_STAFF_GROUP });
  await demoUser(DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD);
  await call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: DEMO_OWNER_EMAIL, GroupName: OWNER_GROUP });
  const demoCustomerSub = await demoUser(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);

  return { userPoolId, clientId, demoCustomerSub };
}
