import { describe, expect, it } from 'vitest';
import { cookieValue } from '../../../client/app/cookies';

// The cookies pages read themselves (the giveaway's, on the server from the Cookie header):
// anyone can send any cookie, so one that does not decode is no cookie, never a thrown error.
describe('cookieValue', () => {
  it('reads a cookie by name, decoding its %-escapes', () => {
    expect(cookieValue('token=abc; giveaway=winter%202026; country=gb', 'giveaway')).toBe('winter 2026');
  });

  it('reads a cookie whose %-escapes are broken as absent', () => {
    expect([cookieValue('giveaway=%E0%A4%A', 'giveaway'), cookieValue('giveaway=%zz; country=gb', 'country')]).toEqual([undefined, 'gb']);
  });
});
