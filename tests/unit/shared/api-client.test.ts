import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../../shared/api/answer-schemas';
import { ApiError, buildUrl, createApiClient, transferKey } from '../../../shared/api/api-client';
import * as SEARCH_API from '../../../shared/api/search-paths';

describe('api client', () => {
  it('builds stable URLs: keys in order, empty values left out, lists comma-separated', () => {
    expect(buildUrl(SEARCH_API.list, { q: 'red dress', page: 2, colour: ['red', 'blue'], brand: '', sale: undefined })).toBe(
      `${SEARCH_API.list}?colour=red%2Cblue&page=2&q=red+dress`,
    );
    expect(transferKey({ url: `${SEARCH_API.list}?q=a`, headers: { filters: 'true' } })).toBe('/api/search?q=a [["filters","true"]]');
  });

  it('on the server, unwraps response.data, and turns failures and unexpected shapes into ApiError', async () => {
    const answers = [
      { status: 200, body: { data: { count: 1 } } },
      { status: 404, body: { status: 404, message: 'not found' } },
      { status: 200, body: { data: { count: 'one' } } },
    ];
    const client = createApiClient(async () => answers.shift()!, {}, parseAnswer);
    await expect(client.get('/api/x', 'NotificationCount')).resolves.toEqual({ count: 1 });
    await expect(client.get('/api/x', 'NotificationCount')).rejects.toEqual(new ApiError(404, 'not found'));
    await expect(client.get('/api/x', 'NotificationCount')).rejects.toEqual(new ApiError(502, 'unexpected response from GET /api/x'));
  });

  it("in the browser, takes our own server's answer as it is, and still turns failures into ApiError", async () => {
    const answers = [
      { status: 200, body: { data: { count: 'one' } } },
      { status: 409, body: { status: 409, message: 'taken' } },
    ];
    const client = createApiClient(async () => answers.shift()!);
    await expect(client.send('PUT', '/api/x', {}, 'NotificationCount')).resolves.toEqual({ count: 'one' });
    await expect(client.send('PUT', '/api/x', {}, 'NotificationCount')).rejects.toEqual(new ApiError(409, 'taken'));
  });
});
