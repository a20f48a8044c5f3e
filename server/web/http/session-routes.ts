import type http from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import { ACCOUNT_API, SessionSchema, type Session } from '../../../shared/api/account-schemas';
import { ApiError } from '../../../shared/api/api-client';
import { SIGN_IN_PATHS, type SignInPath, type SignedIn } from '../../../shared/api/web-session';
import { API_ANSWER_HEADER, UPSTREAM_HEADER } from '../../../shared/constants';
import { ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { say } from '../../../shared/validation/message';
import { webTranslator } from './web-translator';
import { CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { callerOf, readJson, type ApiUpstream, type CallOptions, type Caller } from '../upstream/api-upstream';
import type { UpstreamResponse } from '../upstream/upstream-fetch';
import { clearSessionCookies, isSecureRequest, knownDeviceOf, knownDeviceToken, writeSessionCookies } from './session-cookies';
import { apiClientToken } from './xsrf';
import { SOCIAL_STATE_REFUSED, checkSocialState, type SocialState } from './social-sign-in';

// The calls that begin and end a session do not go through the plain proxy: the web server
// reads the api's answer, keeps the token in the HttpOnly cookie and passes the rest on (page
// scripts never see the token), and on logout clears the cookies whatever the api said (spec
// section 4 "Logout"). Page actions (forms posted without JavaScript) use the same two calls.
// The known-device cookie travels to the api on these sign-in calls and no other (issue 25).

/** What the browser may see of a session: everything but the token. */
export function publicSession(session: Session & { message?: string }): SignedIn {
  const { token: _token, ...rest } = session;
  return rest;
}

export type SignInResult =
  | { ok: true; session: Session & { message?: string }; knownDevice: string | undefined }
  | { ok: false; status: number; body: unknown; headers: http.IncomingHttpHeaders };

/** Who signs in: the caller, and this browser's known-device cookie (session-cookies.ts). */
export type SignInCaller = Caller & { knownDevice: string | undefined };

/** The caller of a sign-in request: the only kind of call the known-device cookie goes with. */
export function signInCallerOf(req: Request, res: Response): SignInCaller {
  return { ...callerOf(req, res), knownDevice: knownDeviceOf(req) };
}

/** POSTs a sign-in or register to the api and reads the session it answers with. */
export async function signInUpstream(upstream: ApiUpstream, path: SignInPath, body: unknown, caller: SignInCaller, calls: CallOptions = {}): Promise<SignInResult> {
  const { knownDevice, ...who } = caller;
  const headers = knownDevice ? { headers: { [UPSTREAM_HEADER.knownDevice]: knownDevice } } : {};
  // A new session replaces any earlier one: the old token does not go with the request.
  const res = await upstream.call({ method: 'POST', url: path, body: body ?? {}, ...headers }, { ...who, token: undefined }, calls);
  const parsed = readJson(res.text)?.value ?? null;
  if (res.status !== 200) return { ok: false, status: res.status, body: parsed ?? { status: res.status, message: `request failed with status ${res.status}` }, headers: res.headers };
  const data = (parsed as { data?: unknown } | null)?.data;
  const session = SessionSchema.safeParse(data);
  if (!session.success) return { ok: false, status: 502, headers: {}, body: { status: 502, message: 'The service answered in a way we did not expect.' } };
  const message = (data as { message?: unknown }).message;
  return {
    ok: true,
    session: { ...session.data, ...(typeof message === 'string' ? { message } : {}) },
    knownDevice: knownDeviceToken(res.headers[API_ANSWER_HEADER.knownDevice]),
  };
}

/**
 * DELETE /api/account/logout with the session's token; the caller clears the cookies either
 * way. Undefined when there was no session or the api could not end it: the shopper is signed
 * out here all the same.
 */
export async function signOutUpstream(upstream: ApiUpstream, caller: Caller, calls: CallOptions = {}): Promise<UpstreamResponse | undefined> {
  if (!caller.token) return undefined;
  const res = await upstream.call({ method: 'DELETE', url: ACCOUNT_API.logout }, caller, calls);
  return res.status >= 500 ? undefined : res;
}

/** A failed sign-in as an ApiError (for the page actions). */
export function signInError(result: Extract<SignInResult, { ok: false }>): ApiError {
  const message = (result.body as { message?: unknown } | null)?.message;
  return new ApiError(result.status, typeof message === 'string' ? message : `request failed with status ${result.status}`);
}

export type SessionRoutesOptions = {
  upstream: ApiUpstream;
  siteUrl: string;
  socialState?: SocialState;
};

export function sessionRoutes(options: SessionRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });

  router.post([...SIGN_IN_PATHS], json, async (req, res) => {
    res.locals.routeLabel = 'session:sign-in';
    res.setHeader('Cache-Control', CachePrivate.header);
    // Social sign-in from our callback page brings back the state its start kept (social-sign-in.ts).
    const social = options.socialState ? checkSocialState(req, res, options.socialState, options.siteUrl) : { ok: true as const, body: req.body as unknown };
    if (!social.ok) {
      res.status(403).json({ status: 403, message: SOCIAL_STATE_REFUSED });
      return;
    }
    const result = await signInUpstream(options.upstream, req.path as SignInPath, social.body, signInCallerOf(req, res));
    if (!result.ok) {
      // Retry-After of a rate-limited sign-in travels with the 429.
      const retryAfter = result.headers['retry-after'];
      if (typeof retryAfter === 'string') res.setHeader('Retry-After', retryAfter);
      res.status(result.status).json(result.body);
      return;
    }
    writeSessionCookies(res, result, isSecureRequest(req, options.siteUrl));
    res.json({ data: { ...publicSession(result.session), ...(social.returnUrl ? { returnUrl: social.returnUrl } : {}) } });
  });

  router.delete(ACCOUNT_API.logout, async (req, res) => {
    res.locals.routeLabel = 'session:logout';
    // An api client's session is its token header (xsrf.ts); it ends at the api all the same.
    const clientToken = apiClientToken(req);
    const caller = clientToken === undefined ? callerOf(req, res) : { ...callerOf(req, res), token: clientToken };
    const upstream = await signOutUpstream(options.upstream, caller);
    // Spec section 4: on success or failure the session cookies go.
    clearSessionCookies(res, isSecureRequest(req, options.siteUrl));
    res.setHeader('Cache-Control', CacheNone.header);
    if (!upstream) {
      res.status(200).json({ data: { message: say(webTranslator(res).t, ACCOUNT_NOTICES.loggedOut) } });
      return;
    }
    res.status(upstream.status).type('json').send(upstream.text);
  });

  return router;
}
