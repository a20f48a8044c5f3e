import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Stand-ins for Facebook's Graph API and Google's token-info and user-info endpoints, as
// real HTTP servers on loopback. A test registers access tokens and who they belong to;
// the servers answer the way the providers do (including for tokens of another app).

export const STANDIN_FACEBOOK_APP = { id: '1234567890', secret: 'standin-facebook-secret' };
export const STANDIN_GOOGLE_CLIENT_ID = 'vitrine-test.apps.googleusercontent.com';

export type FacebookUser = { id: string; name?: string; email?: string; appId?: string; valid?: boolean };
export type GoogleUser = { sub: string; name?: string; email?: string; emailVerified?: boolean; aud?: string; expiresIn?: number };

export type ProviderRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders };

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startSocialProviders() {
  const facebook = new Map<string, FacebookUser>();
  const google = new Map<string, GoogleUser>();
  const requests: ProviderRequest[] = [];
  let mode: 'normal' | 'down' | 'hang' = 'normal';

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const query = url.searchParams;
    requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers });
    if (mode === 'hang') return;
    if (mode === 'down') return json(res, 503, { error: 'unavailable' });

    switch (url.pathname) {
      case '/facebook/debug_token': {
        if (query.get('access_token') !== `${STANDIN_FACEBOOK_APP.id}|${STANDIN_FACEBOOK_APP.secret}`) {
          return json(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
        }
        const user = facebook.get(query.get('input_token') ?? '');
        if (!user) return json(res, 200, { data: { app_id: STANDIN_FACEBOOK_APP.id, is_valid: false, error: { code: 190 } } });
        return json(res, 200, {
          data: { app_id: user.appId ?? STANDIN_FACEBOOK_APP.id, is_valid: user.valid ?? true, user_id: user.id, type: 'USER' },
        });
      }
      case '/facebook/me': {
        const token = query.get('access_token') ?? '';
        const user = facebook.get(token);
        const proof = createHmac('sha256', STANDIN_FACEBOOK_APP.secret).update(token).digest('hex');
        if (!user || query.get('appsecret_proof') !== proof) {
          return json(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
        }
        const fields = (query.get('fields') ?? 'id,name').split(',');
        const me: Record<string, string> = { id: user.id };
        if (fields.includes('name') && user.name) me.name = user.name;
        if (fields.includes('email') && user.email) me.email = user.email;
        return json(res, 200, me);
      }
      case '/google/tokeninfo': {
        const user = google.get(query.get('access_token') ?? '');
        if (!user) return json(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
        return json(res, 200, {
          azp: user.aud ?? STANDIN_GOOGLE_CLIENT_ID,
          aud: user.aud ?? STANDIN_GOOGLE_CLIENT_ID,
          sub: user.sub,
          scope: 'openid email profile',
          expires_in: String(user.expiresIn ?? 3599),
          ...(user.email ? { email: user.email, email_verified: String(user.emailVerified ?? true) } : {}),
          access_type: 'online',
        });
      }
      case '/google/userinfo': {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const user = google.get(token);
        if (!user) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, { sub: user.sub, ...(user.name ? { name: user.name } : {}), ...(user.email ? { email: user.email } : {}) });
      }
      default:
        return json(res, 404, { error: 'not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requests,
    /** The social settings that point the api at these stand-ins. */
    settings(timeoutMs = 2_000) {
      return {
        facebook: { graphUrl: `${url}/facebook`, appId: STANDIN_FACEBOOK_APP.id, appSecret: STANDIN_FACEBOOK_APP.secret },
        google: { tokenInfoUrl: `${url}/google/tokeninfo`, userInfoUrl: `${url}/google/userinfo`, clientId: STANDIN_GOOGLE_CLIENT_ID },
        timeoutMs,
      };
    },
    facebookToken(token: string, user: FacebookUser) {
      facebook.set(token, user);
    },
    googleToken(token: string, user: GoogleUser) {
      google.set(token, user);
    },
    /** 'down' answers 503 to everything; 'hang' never answers. */
    behave(next: 'normal' | 'down' | 'hang') {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
