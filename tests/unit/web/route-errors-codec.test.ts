import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import { deserializeRouteErrors, serializeRouteErrors } from '../../../client/app/route-errors-codec';
import { describeRouteError } from '../../../client/app/route-error';
import { testTranslator } from '../../support/i18n';

const english = testTranslator().t;

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
    expect(describeRouteError(error, english)).toMatchObject({ status: 404, title: 'Page Not Found' });
  });

  it('tells a person about a server failure without details', () => {
    expect(describeRouteError(new Error('secret internals'), english)).toEqual({
      status: 500,
      title: 'Something went wrong',
      message: 'Something is wrong with our servers, please try again in some time.',
    });
  });

  it('tells it in the page’s language (issue 29)', () => {
    const notFound = new ErrorResponseImpl(404, 'Not Found', null);
    expect(describeRouteError(notFound, testTranslator('fr-CA').t)).toEqual({
      status: 404,
      title: 'Page introuvable',
      message: "Oups! Nous n'avons pas trouvé la page que vous cherchez. Désolés!",
    });
    expect(describeRouteError(new Error('x'), testTranslator('zh-HK').t)).toEqual({ status: 500, title: '發生錯誤', message: '我們的伺服器出現問題，請稍後再試。' });
  });
});
