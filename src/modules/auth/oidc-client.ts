import * as client from 'openid-client';
import type { Config } from '../../config.js';

/**
 * The OpenID provider as Transdesk talks to it (docs/access.md#single-sign-on), through
 * `openid-client`: discovery, the authorization URL with PKCE, the code exchange and the checks of
 * the ID token (signature, issuer, audience, expiry, nonce) all happen in that library.
 */

export type OidcSettings = NonNullable<Config['oidc']>;

/** Where the provider sends the browser back: registered at the provider as the redirect URI. */
export const callbackUrlOf = (publicUrl: string): string => `${publicUrl}/v2/auth/oidc/callback`;

/**
 * An issuer on this machine (127.0.0.1, ::1, localhost), whose traffic never leaves it. Only such
 * an issuer may be reached over plain http (a provider started by the tests, or one beside
 * Transdesk on the same host); config.ts refuses every other http issuer, so a production
 * configuration cannot turn off TLS for a provider elsewhere by accident.
 */
export function isLoopbackHttp(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/** Seconds a request to the provider may take (discovery, the code exchange, its keys). */
const PROVIDER_TIMEOUT_S = 10;

/** The provider's configuration, discovered once per process and issuer (a failure is tried again next time). */
const discovered = new Map<string, Promise<client.Configuration>>();

export function providerConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
  let found = discovered.get(key);
  if (found === undefined) {
    const insecure = isLoopbackHttp(settings.issuer);
    found = client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

/** What an attempt keeps until the callback (hashed state aside, in `oidc_logins`). */
export interface AttemptSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newAttemptSecrets(): AttemptSecrets {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** The provider's authorization URL for one attempt: code flow, PKCE S256, state and nonce. */
export async function authorizationUrl(configuration: client.Configuration, redirectUri: string, secrets: AttemptSecrets): Promise<URL> {
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/** The claims Transdesk reads from the ID token. */
export interface SignInClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

/**
 * Exchanges the authorization code of `callbackUrl` (the redirect URI and the query the provider
 * sent) and checks the ID token. Throws openid-client's errors: `ResponseBodyError` when the
 * provider refuses the code (used already, expired, another verifier), `ClientError` when its
 * answer fails a check.
 */
export async function exchangeCode(configuration: client.Configuration, callbackUrl: URL, secrets: AttemptSecrets): Promise<SignInClaims> {
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (idToken === undefined) throw new client.ClientError('the provider answered no ID token');
  let claims: Record<string, unknown> = idToken;
  // In the code flow a provider may keep the e-mail out of the ID token and give it at its
  // userinfo endpoint only (the specification's default): asked there, for the same subject.
  if (typeof idToken.email !== 'string' && configuration.serverMetadata().userinfo_endpoint !== undefined) {
    claims = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  }
  return {
    subject: idToken.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // Only a JSON `true` counts: "true" as text is not what the specification allows.
    emailVerified: claims.email_verified === true,
  };
}

export { ClientError, ResponseBodyError, AuthorizationResponseError } from 'openid-client';
