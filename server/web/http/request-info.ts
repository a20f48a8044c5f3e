import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { CountryCode } from '../../../shared/countries';
import { requestIdFrom } from '../../lib/request-id';
import { isBotRequest } from './bot';
import { countryFromGeoHeader, countryFromPath } from './country';

/** What every later step needs to know about a request, worked out once. */
export type RequestInfo = {
  requestId: string;
  /** The CSP nonce every inline script of this response carries. */
  nonce: string;
  country: CountryCode;
  geoCountry: CountryCode | undefined;
  isBot: boolean;
};

export type RequestInfoOptions = { botHeader: string; geoHeader: string };

export function requestIdMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString('base64');
    next();
  };
}

export function requestInfoMiddleware(options: RequestInfoOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const url = countryFromPath(req.path);
    const info: RequestInfo = {
      requestId: res.locals.requestId as string,
      nonce: res.locals.nonce as string,
      country: url.country,
      geoCountry: countryFromGeoHeader(req.headers[options.geoHeader]),
      isBot: isBotRequest(req.headers[options.botHeader], req.headers['user-agent']),
    };
    res.locals.requestInfo = info;
    next();
  };
}
