import { describe, expect, it } from 'vitest';
import { backoffDelay, DATABASE_BACKOFF } from '../../../server/api/db/backoff';
import { DatabaseUnavailableError, isConnectionError, unavailableOr } from '../../../server/api/db/database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('connection errors', () => {
  it('are the server being unreachable, gone, starting or full, and the client losing its connection', () => {
    const connection = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('too many connections for role "vitrine_api"', '53300'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ];
    expect(connection.map(isConnectionError)).toEqual(connection.map(() => true));
  });

  it('are not a bad statement, a broken constraint or anything else', () => {
    const others = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "SELEC"', '42601'),
      withCode('relation "nowhere" does not exist', '42P01'),
      new Error('something else'),
      'not an error',
    ];
    expect(others.map(isConnectionError)).toEqual(others.map(() => false));
  });

  it('become a 503 that says the database is unavailable; others pass unchanged', () => {
    const unavailable = unavailableOr(withCode('read ECONNRESET', 'ECONNRESET'));
    expect(unavailable).toBeInstanceOf(DatabaseUnavailableError);
    expect(unavailable).toMatchObject({ status: 503, message: 'database unavailable: please try again in a moment' });
    const duplicate = withCode('duplicate key value violates unique constraint', '23505');
    expect(unavailableOr(duplicate)).toBe(duplicate);
  });
});

describe('backoff before trying the database again', () => {
  it('doubles from 0.2 s up to 5 s, and waits between half and all of that', () => {
    const shortest = [0, 1, 2, 3, 4, 5, 10, 100].map((attempt) => backoffDelay(attempt, DATABASE_BACKOFF, () => 0));
    const longest = [0, 1, 2, 3, 4, 5, 10, 100].map((attempt) => backoffDelay(attempt, DATABASE_BACKOFF, () => 0.999_999));
    expect(shortest).toEqual([100, 200, 400, 800, 1600, 2500, 2500, 2500]);
    expect(longest).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });
});
