import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import { deserializeRouteErrors, serializeRouteErrors } from '../../../client/app/route-errors-codec';
import { describeRouteError } from '../../../client/app/route-error';

describe('route errors across the payload', () => {
  it('sends only a generic message for thrown Errors in production', () => {
    const errors = { home: new Error('connect ECONNREFUSED 10.0.0.7:5432 at db.internal') };
    expect(serializeRouteErrors(errors, true)).toEqual({ home: { kind: 'error', message: 'Unexpected Server Error' } });
    expect(serializeRouteErrors(errors, false)?.home).toMatchObject({ message: 'connect ECONNREFUSED 10.0.0.7:5432 at db.internal' });
  });

  it('keeps route error responses (status and data) and rebuilds them in the browser', () => {
    const serialized = serializeRouteErrors({ 'not-found': new ErrorResponseImpl(404, 'Not Found', null) }, true);
    const restored = deserializeRouteErrors(JSON.parse(JSON.stringify(serialized)));
    const error = restored?.['not-found'];
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(describeRouteError(error)).toMatchObject({ status: 404, title: 'Page Not Found' });
  });

  it('tells a person about a server failure without details', () => {
    expect(describeRouteError(new Error('secret internals'))).toEqual({
      status: 500,
      title: 'Something went wrong',
      message: 'Something is wrong with our servers, please try again in some time.',
    });
  });
});
