import { z } from 'zod';
import { describeZodError } from './http-error';

/** "true"/"false"/"1"/"0" from the environment. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envPort = z.coerce.number().int().min(0).max(65535);

/** Parses the environment or stops the process with every problem listed (fail fast). */
export function parseEnv<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv, service: string): T {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid ${service} configuration: ${describeZodError(result.error)}`);
  }
  return result.data;
}
