import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { sessionContext } from '../app/session-context';

// POST /logout: the header's Logout without JavaScript (with it, the header calls the api
// through the gateway). The cookies go whatever the api answers (spec section 4); then home.
export async function action({ context }: ActionFunctionArgs) {
  await context.get(sessionContext).signOut();
  return redirect('/');
}

/** A GET (a typed address, a crawler) changes nothing: home. */
export function loader(_args: LoaderFunctionArgs) {
  return redirect('/');
}
