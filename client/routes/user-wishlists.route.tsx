import { useId, useState, type FormEvent } from 'react';
import { data, redirect, useActionData, useLoaderData, useNavigate, useRevalidator, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import type { WishlistPage } from '../../shared/api/wishlist-schemas';
import type { Translate } from '../../shared/i18n/translator';
import { CacheNone } from '../../shared/http/cache-policy';
import type { MessageId } from '../../shared/i18n/message-ids';
import { say, type Wording } from '../../shared/validation/message';
import { browserApi } from '../api/browser-api';
import { useBusy } from '../app/busy';
import { apiContext, siteContext, useSiteConfig } from '../app/contexts';
import { useT } from '../app/i18n';
import { failureText, useNotify } from '../app/notices';
import { sessionContext } from '../app/session-context';
import { accountPath } from '../app/viewer';

import { ProductCard } from '../components/listing/ProductCard';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';
import { Pager, lastPageOf } from '../components/ui/Pager';
import { useWishlistHearts } from '../components/wishlist/wishlist-hearts';
import { WISHLIST_API } from '../../shared/api/wishlist-paths';
import { WishlistOptions } from '../components/wishlist/WishlistOptions';
import { goneWords, publicWishlistPath, wishlistIntent, type WishlistIntent } from '../components/wishlist/wishlist-page-rules';
import type { UserRouteData } from './user.route';

// My Wishlists, /user/{userName}/wishlists (spec sections 2, 4): the shopper's lists with their
// counts; ?list={id} shows one list's products as wishlist cards (delete with the confirm
// prompt, move with the folder icon), and its rename, privacy, share link and delete. Only the
// owner: another user's name in the address is sent to one's own (user.route.tsx), a user's
// public lists are reached by their share links. Every change is a plain form post to this
// route's action (no JavaScript needed), answered with a redirect back here. With JavaScript
// the same forms are read by the same rules and sent by the same `perform` through the
// browser's api client, without a page load (React Router's <Form> would cost every page
// about 1 KiB of first-load JavaScript: docs/performance.md "What was learned").

const noStore = { 'Cache-Control': CacheNone.header };

function wholeParam(value: string | null): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.get(sessionContext).signedIn()) throw redirect('/');
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const listId = wholeParam(url.searchParams.get('list'));
  const page = wholeParam(url.searchParams.get('page')) ?? 1;
  const api = context.get(apiContext);
  try {
    const answer: WishlistPage = listId
      ? await api.get(WISHLIST_API.list(listId, site.country), 'WishlistPage', { page })
      : await api.get(WISHLIST_API.lists(site.country), 'WishlistPage');
    return data({ answer, moving: wholeParam(url.searchParams.get('move')) ?? null }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    // Another shopper's list and an unknown one alike: back to the lists.
    if (error instanceof ApiError && error.status === 404) throw redirect(url.pathname.slice(site.basename.length));
    throw error;
  }
}

type ActionData = { error: Wording };

export async function action({ context, request }: ActionFunctionArgs) {
  const site = context.get(siteContext);
  const url = new URL(request.url);
  const here = url.pathname.slice(site.basename.length);
  const form = await request.formData();
  const intent = wishlistIntent(form);
  if ('error' in intent) return data<ActionData>({ error: intent.error }, { status: 400, headers: noStore });
  const api = context.get(apiContext);
  const back = (listId?: number, extra = '') => redirect(`${here}${listId ? `?list=${listId}${extra}` : ''}`);
  try {
    return await perform(intent, api, back);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data<ActionData>({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}

async function perform(intent: WishlistIntent, api: ApiClient, back: (listId?: number, extra?: string) => Response): Promise<Response> {
  switch (intent.kind) {
    case 'create-list': {
      const { lists } = await api.send('POST', WISHLIST_API.create, { listName: intent.listName }, 'WishlistLists');
      return back(lists[0]?.listId);
    }
    case 'rename':
      await api.send('PUT', WISHLIST_API.rename, { listId: intent.listId, listName: intent.listName }, 'WishlistLists');
      return back(intent.listId);
    case 'privacy':
      await api.send('PUT', WISHLIST_API.privacy, { listId: intent.listId, isPublic: intent.isPublic ? 1 : 0 }, 'WishlistLists');
      return back(intent.listId);
    case 'delete-list':
      await api.send('DELETE', WISHLIST_API.deleteList(intent.listId), undefined, 'WishlistDeleted');
      return back();
    case 'delete-product':
      await api.send('DELETE', WISHLIST_API.deleteProduct(intent.listId, intent.productId), undefined, 'WishlistLists');
      return back(intent.listId);
    case 'choose-move':
      return back(intent.listId, `&move=${intent.productId}`);
    case 'move':
      await api.send('PUT', WISHLIST_API.move, { id: intent.productId, s_listid: intent.listId, d_listid: intent.destination, d_listName: intent.destination === 0 ? intent.listName : undefined }, 'WishlistLists');
      return back(intent.listId);
  }
}

/** What a change done with JavaScript says (without, the page it lands on shows it). */
const DONE: Partial<Record<WishlistIntent['kind'], MessageId>> = {
  'create-list': 'wishlist.notice.created',
  rename: 'wishlist.notice.renamed',
  'delete-list': 'wishlist.notice.deletedList',
  'delete-product': 'wishlist.notice.deletedProduct',
  move: 'wishlist.notice.moved',
};

/** Spec section 8: the confirm prompts before a product or a list goes. */
function confirmed(t: Translate, submitter: HTMLButtonElement | null): boolean {
  const prompt =
    submitter?.value === 'delete-product' ? t('wishlist.notice.confirmDeleteProduct') : submitter?.value === 'delete-list' ? t('wishlist.notice.confirmDeleteList') : undefined;
  return !prompt || window.confirm(prompt);
}

/**
 * The forms' submit handler with JavaScript: the confirm prompt, then the action's own rules and
 * calls, one at a time, and the page it would have redirected to; a failure is an error notice.
 */
function useWishlistForms(here: string, move: (productId: number) => void) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const notify = useNotify();
  const t = useT();
  const track = useBusy();
  const [sending, setSending] = useState(false);
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (sending || !confirmed(t, submitter)) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    if (submitter?.name) fields.set(submitter.name, submitter.value);
    const intent = wishlistIntent(fields);
    if ('error' in intent) return notify('error', say(t, intent.error));
    // The folder icon: with JavaScript, the Wishlist dialog in move mode.
    if (intent.kind === 'choose-move') return move(intent.productId);
    setSending(true);
    try {
      const answer = await track(perform(intent, browserApi(), (listId, extra = '') => redirect(`${here}${listId ? `?list=${listId}${extra}` : ''}`)));
      const done = DONE[intent.kind];
      if (intent.kind === 'privacy') notify('success', t(intent.isPublic ? 'wishlist.notice.madePublic' : 'wishlist.notice.madePrivate'));
      else if (done) notify('success', t(done));
      if (intent.kind === 'create-list') form.reset();
      const to = answer.headers.get('Location') ?? here;
      if (`${window.location.pathname}${window.location.search}`.endsWith(to)) await revalidator.revalidate();
      else await navigate(to);
    } catch (error) {
      notify('error', failureText(error));
    } finally {
      setSending(false);
    }
  };
}

export function Component() {
  const { answer, moving } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionData | undefined;
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const hearts = useWishlistHearts();
  const revalidator = useRevalidator();
  const t = useT();
  const { basename, siteUrl } = useSiteConfig();
  const id = useId();
  const here = accountPath(user.userName, 'wishlists');
  const { lists, list, items } = answer;
  const submit = useWishlistForms(here, (productId) => {
    if (list) hearts.open(null, { mode: 'move-wishlist', productId, sourceListId: list.listId, lists, onDone: () => void revalidator.revalidate() });
  });
  const lastPage = lastPageOf(answer);

  return (
    <section className="account-section wishlists" data-section="wishlists">
      <PageMeta title={t('wishlist.page.title')} description={t('wishlist.page.title')} noindex />
      <h1>{t('wishlist.page.title')}</h1>
      {failed && (
        <p className="form-error" role="alert">
          {say(t, failed.error)}
        </p>
      )}
      {lists.length === 0 ? (
        <p>{t('wishlist.page.empty')}</p>
      ) : (
        <ul className="wishlist-lists" aria-label={t('wishlist.page.lists')}>
          {lists.map((item) => (
            <li key={item.listId} className="wishlist-tile" aria-current={item.listId === list?.listId ? 'true' : undefined}>
              <ShellLink to={`${here}?list=${item.listId}`}>{item.listName}</ShellLink>
              <p>
                {t('wishlist.products', { count: item.count })} · {t(item.isPublic ? 'wishlist.public' : 'wishlist.private')}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form method="post" onSubmit={submit} className="wishlist-tools" aria-label={t('wishlist.form.create')}>
        <input type="hidden" name="intent" value="create-list" />
        <div className="form-field">
          <label htmlFor={`${id}-new`}>{t('wishlist.field.newListName')}</label>
          <input id={`${id}-new`} name="listName" type="text" autoComplete="off" required />
        </div>
        <button type="submit" className="button">
          {t('wishlist.options.createNew')}
        </button>
      </form>

      {list && (
        <section className="wishlist-detail" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{list.listName}</h2>
          <div className="wishlist-tools">
            <form method="post" onSubmit={submit} aria-label={t('wishlist.form.rename')}>
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="listId" value={list.listId} />
              <div className="form-field">
                <label htmlFor={`${id}-rename`}>{t('wishlist.field.listName')}</label>
                <input id={`${id}-rename`} name="listName" type="text" autoComplete="off" defaultValue={list.listName} key={list.listName} />
              </div>
              <button
                type="submit"
                className="button button-secondary"
                // With JavaScript, the Wishlist dialog in rename mode (its messages as typed).
                onClick={(event) => hearts.open(event, { mode: 'rename-wishlist', listId: list.listId, listName: list.listName, lists, onDone: () => void revalidator.revalidate() })}
              >
                {t('wishlist.action.rename')}
              </button>
            </form>
            <form method="post" onSubmit={submit} aria-label={t('wishlist.form.privacy')}>
              <input type="hidden" name="intent" value="privacy" />
              <input type="hidden" name="listId" value={list.listId} />
              <input type="hidden" name="isPublic" value={list.isPublic ? '0' : '1'} />
              <button type="submit" className="button button-secondary">
                {t(list.isPublic ? 'wishlist.action.makePrivate' : 'wishlist.action.makePublic')}
              </button>
            </form>
            <form method="post" onSubmit={submit} aria-label={t('wishlist.form.delete')}>
              <input type="hidden" name="intent" value="delete-list" />
              <input type="hidden" name="listId" value={list.listId} />
              <button type="submit" name="confirm" value="delete-list" className="button button-secondary">
                {t('wishlist.action.deleteList')}
              </button>
            </form>
          </div>
          {list.isPublic === 1 && (
            <p className="wishlist-share">
              <label htmlFor={`${id}-share`}>{t('wishlist.shareLink')}</label>{' '}
              <input id={`${id}-share`} type="text" readOnly value={`${siteUrl}${basename}${publicWishlistPath(list)}`} />{' '}
              <ShellLink to={publicWishlistPath(list)}>{t('wishlist.action.openPublic')}</ShellLink>
            </p>
          )}
          {moving !== null && <MoveForm submit={submit} listId={list.listId} productId={moving} lists={lists.filter((other) => other.listId !== list.listId)} />}
          {items.length === 0 ? (
            <p>{t('wishlist.empty')}</p>
          ) : (
            <ul className="product-grid">
              {items.map((item) => (
                <li key={item.productId}>
                  <form method="post" onSubmit={submit}>
                    <input type="hidden" name="listId" value={list.listId} />
                    <input type="hidden" name="productId" value={item.productId} />
                    {item.product ? (
                      <ProductCard
                        p={item.product}
                        pageType="wishlist"
                        activeList={list.listId}
                      />
                    ) : (
                      <article className="product-card wishlist-gone" aria-label={item.productName}>
                        <img src={item.image} alt="" width={180} height={180} loading="lazy" />
                        <h3 className="product-card-title">{item.productName}</h3>
                        <p>{goneWords(t, item.noLongerSoldBy)}</p>
                        <button type="submit" name="intent" value="delete-product" className="button button-secondary" aria-label={t('wishlist.action.deleteProduct', { product: item.productName })}>
                          {t('wishlist.action.delete')}
                        </button>
                      </article>
                    )}
                  </form>
                </li>
              ))}
            </ul>
          )}
          <Pager className="wishlist-pages" page={answer.page} lastPage={lastPage} href={(page) => `${here}?list=${list.listId}&page=${page}`} />
        </section>
      )}
    </section>
  );
}

/** Moving a product without JavaScript: the folder icon leads here (?move={productId}). */
function MoveForm({ listId, productId, lists, submit }: { listId: number; productId: number; lists: readonly { listId: number; listName: string }[]; submit(event: FormEvent<HTMLFormElement>): void }) {
  const id = useId();
  const t = useT();
  return (
    <form method="post" onSubmit={submit} className="wishlist-tools" aria-label={t('wishlist.dialog.title.move')}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="listId" value={listId} />
      <input type="hidden" name="productId" value={productId} />
      <div className="form-field">
        <label htmlFor={`${id}-to`}>{t('wishlist.field.moveTo')}</label>
        <select id={`${id}-to`} name="destination" defaultValue="">
          <WishlistOptions lists={lists} />
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t('wishlist.field.listNameForNew')}</label>
        <input id={`${id}-name`} name="listName" type="text" autoComplete="off" />
      </div>
      <button type="submit" className="button">
        {t('wishlist.action.submit')}
      </button>
    </form>
  );
}

