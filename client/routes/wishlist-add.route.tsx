import { useId, useState } from 'react';
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { safeReturnPath } from '../../shared/same-site-path';
import { message, say, type Wording } from '../../shared/validation/message';
import { WISHLIST_MESSAGES, isDuplicateWishlistName, wishlistNameProblem } from '../../shared/validation/wishlist-rules';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import { formText } from '../components/account/form-data';
import { PageMeta } from '../components/meta/PageMeta';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { WISHLIST_API } from '../../shared/api/wishlist-paths';
import { WishlistOptions } from '../components/wishlist/WishlistOptions';

// /wishlist/add/{productId}?returnurl=…: the Wishlist dialog as a page, for a shopper without
// JavaScript (the heart links here; with JavaScript it opens the dialog instead). A guest signs
// in first and comes back. The form posts to this route's action, which adds and goes back to
// the same-site returnurl (else My Wishlists). A plain <form>, posted by the browser even with
// JavaScript: React Router's <Form> would cost every page about 1 KiB of first-load JavaScript.

const noStore = { 'Cache-Control': CacheNone.header };

function productIdOf(params: LoaderFunctionArgs['params']): number {
  const id = /^\d{1,9}$/.test(params.productId ?? '') ? Number(params.productId) : 0;
  if (id < 1) throw data(null, { status: 404, headers: noStore });
  return id;
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const productId = productIdOf(params);
  const url = new URL(request.url);
  const site = context.get(siteContext);
  if (!context.get(sessionContext).signedIn()) {
    const here = `${url.pathname.slice(site.basename.length)}${url.search}`;
    throw redirect(`/authentication?userType=Login&returnurl=${encodeURIComponent(here)}`);
  }
  try {
    // One call: the shopper's lists, each saying whether it already holds the product.
    const { lists } = await context.get(apiContext).get(WISHLIST_API.show, 'ShowWishlist', { id: productId });
    return data(
      { productId, lists: lists.map(({ listId, listName }) => ({ listId, listName })), holding: lists.filter((list) => list.holdsProduct).map((list) => list.listName) },
      { headers: noStore },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    throw error;
  }
}

type ActionData = { error: Wording; listId: string; listName: string };

export async function action({ context, params, request }: ActionFunctionArgs) {
  const productId = productIdOf(params);
  const site = context.get(siteContext);
  const form = await request.formData();
  const listId = formText(form, 'listId');
  const listName = formText(form, 'listName');
  const chosen = /^\d{1,9}$/.test(listId) ? Number(listId) : undefined;
  if (chosen === undefined) return data<ActionData>({ error: message('wishlist.notice.chooseListOrNew'), listId, listName }, { status: 400, headers: noStore });
  if (chosen === 0) {
    const problem = wishlistNameProblem(listName);
    if (problem) return data<ActionData>({ error: problem, listId, listName }, { status: 400, headers: noStore });
  }
  try {
    await context.get(apiContext).send('POST', WISHLIST_API.add, { id: productId, listId: chosen, listName: chosen === 0 ? listName.trim() : undefined }, 'WishlistAdded');
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return data<ActionData>({ error: error.message, listId, listName }, { status: error.status, headers: noStore });
    }
    throw error;
  }
  const back = safeReturnPath(new URL(request.url).searchParams.get('returnurl'), site.basename);
  return redirect(back ?? '/user/me/wishlists');
}

export function Component() {
  const { lists, holding } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionData | undefined;
  const id = useId();
  const t = useT();
  const [choice, setChoice] = useState(failed?.listId ?? (lists.length ? '' : '0'));
  const [name, setName] = useState(failed?.listName ?? '');
  const problem = choice === '0' ? (wishlistNameProblem(name) ?? (isDuplicateWishlistName(name, lists) ? WISHLIST_MESSAGES.nameExists : undefined)) : undefined;
  return (
    <section className="account-section wishlist-add">
      <PageMeta title={t('wishlist.add.title')} description={t('wishlist.add.description')} noindex />
      <h1>{t('wishlist.add.title')}</h1>
      {failed && (
        <p className="form-error" role="alert">
          {say(t, failed.error)}
        </p>
      )}
      {holding.length > 0 && <p data-testid="wishlist-holding">{t('wishlist.add.holding', { lists: holding.join(', ') })}</p>}
      <form method="post" noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-list`}>{t('wishlist.field.wishlist')}</label>
          <select id={`${id}-list`} name="listId" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <WishlistOptions lists={lists} />
          </select>
        </div>
        {/* Without JavaScript the name field is always there; it counts only for Create New. */}
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('wishlist.field.listNameForNew')}</label>
          <input id={`${id}-name`} name="listName" type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          {problem && name !== '' && (
            <p className="field-error" role="alert">
              {say(t, problem)}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="submit" className="button">
            {t('wishlist.action.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary };
