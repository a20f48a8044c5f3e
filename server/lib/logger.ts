import pino, { type Logger } from 'pino';

export type { Logger };

// Secrets never reach the logs: whatever the shape of the logged object, these paths
// are replaced before a line is written.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.key',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'confirm_password',
  'old_password',
  '*.password',
  'token',
  'tkn',
];

export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, redact: { paths: REDACT, censor: '[redacted]' } });
}
