import pino, { type Logger } from 'pino';
import { API_ANSWER_HEADER, UPSTREAM_HEADER } from '../../shared/constants';

export type { Logger };

// Secrets never reach the logs: whatever the shape of the logged object, these paths
// are replaced before a line is written.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.key',
  'req.headers["x-xsrf-token"]',
  `req.headers["${UPSTREAM_HEADER.knownDevice}"]`,
  'res.headers["set-cookie"]',
  `res.headers["${API_ANSWER_HEADER.knownDevice}"]`,
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
