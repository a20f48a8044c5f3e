import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, buildUrl, createApiClient, transferKey } from '../../../shared/api/api-client';

describe('api client', () => {
  it('builds stable URLs: keys in order, empty values left out, lists comma-separated', () => {
    expect(buildUrl('/api/search', { q: 'red dress', page: 2, colour: ['red', 'blue'], brand: '', sale: undefined })).toBe(
      '/api/search?colour=red%2Cblue&page=2&q=red+dress',
    );
    expect(transferKey({ url: '/api/search?q=a', headers: { filters: 'true' } })).toBe('/api/search?q=a [["filters","true"]]');
  });

  it('unwraps response.data, and turns failures and unexpected shapes into ApiError', async () => {
    const answers = [
      { status: 200, body: { data: { n: 1 } } },
      { status: 404, body: { status: 404, message: 'not found' } },
      { status: 200, body: { data: { n: 'one' } } },
    ];
    const client = createApiClient(async () => answers.shift()!);
    const schema = z.object({ n: z.number() });
    await expect(client.get('/api/x', schema)).resolves.toEqual({ n: 1 });
    await expect(client.get('/api/x', schema)).rejects.toEqual(new ApiError(404, 'not found'));
    await expect(client.get('/api/x', schema)).rejects.toMatchObject({ status: 502 });
  });
});
