import type { Router } from 'express';
import type { ApiServices } from '../services/api-services';

/**
 * One area of the api: a router over the services and the path it is mounted under. The
 * mount path is part of the area, so the app mounts areas from one list (areas.ts) and the
 * route walk reads every full path from the same place.
 */
export type ApiArea = {
  readonly mountPath: `/${string}`;
  readonly routes: (services: ApiServices) => Router;
};
