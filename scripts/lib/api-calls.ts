import type { z } from 'zod';
import { ACCOUNT_API, SessionSchema, type Session } from '../../shared/api/account-schemas';
import { UPSTREAM_HEADER } from '../../shared/constants';

// Calls the benchmark and Lighthouse scripts make straight to an api they started: JSON in,
// the answer's data checked against its schema, and a failed call an error that names it.

export async function callApi<T>(apiUrl: string, method: string, path: string, schema: z.ZodType<T>, options: { body?: object; token?: string } = {}): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { [UPSTREAM_HEADER.token]: options.token } : {}) },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const answer = (await res.json()) as { data?: unknown; message?: string };
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${answer.message ?? ''}`);
  return schema.parse(answer.data);
}

/** A new shopper, signed up on the api (`who` names the script in the address). */
export function registerShopper(apiUrl: string, who: string): Promise<Session> {
  const password = `${who}-password-1`;
  const body = { email: `${who}-${Date.now()}@example.com`, password, confirm_password: password, platform: `Vitrine ${who}` };
  return callApi(apiUrl, 'POST', ACCOUNT_API.register, SessionSchema, { body });
}
