import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';

/**
 * A real OpenID provider for the single sign-on tests (`oidc-provider`), on 127.0.0.1 with a port
 * of its own, and a small browser that goes through it with plain HTTP: the tests never reach
 * outside this machine. Its login page is replaced by `nextLogin`: the person the next visit of
 * the login page signs in as (or a refusal), as a person would choose on a real provider.
 */

export const CLIENT_ID = 'transdesk-tests';
export const CLIENT_SECRET = 'the-client-secret-of-the-tests';

export interface ProviderPerson {
  /** The subject at the provider. */
  sub: string;
  email: string;
  emailVerified: boolean;
}

export type NextLogin = ProviderPerson | { refuse: 'access_denied' };

export class TestOpenIdProvider {
  nextLogin: NextLogin = { refuse: 'access_denied' };
  /** Cookies the provider gave the browser (its session and interaction), by name. */
  private cookies = new Map<string, string>();

  private constructor(
    readonly issuer: string,
    private readonly server: Server,
  ) {}

  /**
   * Starts a provider whose client may send the browser back to `redirectUri` only.
   * `claimsInIdToken`: the e-mail claims in the ID token itself (else, as the specification
   * requires for the code flow by default, only at the userinfo endpoint).
   */
  static async start(redirectUri: string, options: { claimsInIdToken?: boolean } = {}): Promise<TestOpenIdProvider> {
    const people = new Map<string, ProviderPerson>();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      async findAccount(_ctx: unknown, sub: string) {
        const person = people.get(sub);
        if (person === undefined) return undefined;
        return { accountId: sub, claims: async () => ({ sub, email: person.email, email_verified: person.emailVerified }) };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      conformIdTokenClaims: options.claimsInIdToken !== true,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      // No consent page: the client is trusted with what it asks for.
      async loadExistingGrant(ctx: ProviderContext) {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid email');
        await grant.save();
        return grant;
      },
      pkce: { required: () => true },
      // Lifetimes of its own (else the package notes every default it uses).
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      cookies: { keys: ['the-cookie-key-of-the-tests'] },
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'tests', use: 'sig', alg: 'RS256' }] },
    });
    const testProvider = new TestOpenIdProvider(issuer, server);
    const handle = provider.callback();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!req.url?.startsWith('/interaction/')) return handle(req, res);
      testProvider.interact(provider, people, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    return testProvider;
  }

  /** The login page: signs in as `nextLogin`, or refuses. */
  private async interact(provider: Provider, people: Map<string, ProviderPerson>, req: IncomingMessage, res: ServerResponse): Promise<void> {
    await provider.interactionDetails(req, res);
    const next = this.nextLogin;
    if ('refuse' in next) {
      await provider.interactionFinished(
        req,
        res,
        { error: next.refuse, error_description: 'The person did not allow it' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    people.set(next.sub, next);
    await provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
  }

  /**
   * Follows the provider's redirects from the authorization URL, as a browser would, until it
   * sends the browser back to Transdesk: answers that URL (the callback with its query).
   */
  async browse(authorizationUrl: string, redirectUri: string): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(this.issuer)) throw new Error(`the browser was sent outside the provider: ${url}`);
      const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const equals = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, equals).trim(), pair!.slice(equals + 1).trim());
      }
      const location = response.headers.get('location');
      if (location === null) throw new Error(`the provider answered ${response.status} without a redirect: ${(await response.text()).slice(0, 500)}`);
      const next = new URL(location, url);
      if (next.href.startsWith(`${redirectUri}?`)) return next;
      url = next.href;
    }
    throw new Error('the provider redirected more than 10 times');
  }

  /** Forgets the browser's session at the provider (the next visit logs in again). */
  forgetBrowser(): void {
    this.cookies.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
