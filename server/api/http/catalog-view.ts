import type { NextFunction, Request, Response } from 'express';
import { ADMIN_VIEW_FORBIDDEN, asksAdminView } from '../../../shared/api/admin-view';
import { HttpError } from '../../lib/http-error';
import { isAdmin, type ViewerResolver } from '../accounts/viewer';

// Which catalogue a request sees (spec section 6): everyone's, without the admin-only stores,
// or an admin's, with them. The one place that grants the admin view: a request asks for it
// with the marker of shared/api/admin-view.ts (which also makes it personal, so its identity
// reached us and its answer is private), and it is granted only when the session behind the
// token is an admin's. A marker without one is a 403, so no parameter or header shows a
// non-admin anything more. Handlers read the outcome with adminView(req), never the marker.

const granted = new WeakSet<object>();

export function bindCatalogView(resolveViewer: ViewerResolver) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (!asksAdminView(req.originalUrl)) return next();
    if (!isAdmin(await resolveViewer(req))) throw new HttpError(403, ADMIN_VIEW_FORBIDDEN);
    granted.add(req);
    next();
  };
}

/** Whether this request was granted the admin view (bindCatalogView ran before the handler). */
export function adminView(req: object): boolean {
  return granted.has(req);
}
