import type { NextFunction, Request, Response } from 'express';
import { asksAdminView } from '../../../shared/api/admin-view';
import { isAdmin, type ViewerResolver } from '../accounts/viewer';

// Which catalogue a request sees (spec section 6): everyone's, without the admin-only stores,
// or an admin's, with them. The one place that grants the admin view: a request asks for it
// with the marker of shared/api/admin-view.ts (which also makes it personal, so its identity
// reached us and its answer is private), and it is granted only when the session behind the
// token is an admin's. Anyone else who asks gets everyone's answer, privately: nothing more,
// and a page whose profile-type cookie outlived the admin's rights still loads. Handlers read
// the outcome with adminView(req), never the marker.

const granted = new WeakSet<object>();

export function bindCatalogView(resolveViewer: ViewerResolver) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (asksAdminView(req.originalUrl) && isAdmin(await resolveViewer(req))) granted.add(req);
    next();
  };
}

/** Whether this request was granted the admin view (bindCatalogView ran before the handler). */
export function adminView(req: object): boolean {
  return granted.has(req);
}
