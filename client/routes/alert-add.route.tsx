import { useId, useState } from 'react';
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { priceHistoryPath } from '../../shared/api/price-history-paths';
import { CacheNone } from '../../shared/http/cache-policy';
import { safeReturnPath } from '../../shared/same-site-path';
import { ALERT_MESSAGES, type AlertKind } from '../../shared/validation/alert-rules';
import { say } from '../../shared/validation/message';
import { apiContext, i18nContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { sessionContext } from '../app/session-context';
import {
  ALERT_TITLES,
  alertFormState,
  alertProductOf,
  alertRequest,
  anyStoreChoice,
  backInStockPromise,
  formField,
  isAlertKind,
  isAlertScope,
  productByGuidPath,
  readForm,
  scopeLabel,
  scopesFor,
} from '../components/alerts/alert-rules';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';

// /alerts/add/{guid}?kind=sale|price|stock&returnurl=…: the Sale Alert / Price Alert / Back in Stock Alert dialog as a page,
// for a visitor without JavaScript (the card's alert actions link here; with JavaScript the
// dialog opens instead). A guest gives an e-mail, a shopper does not. A plain <form> posted to
// this route's action, which checks it with the dialog's rules, sets the alert through the api
// and shows the api's answer on the page (a guest's "check your inbox" must be read, so no
// redirect), with the way back to the same-site returnurl. Without JavaScript the price field
// cannot wait for a scope, so it is always there and counts only for a price alert. A back-in-
// stock alert (a sold-out size's "Tell me when it is back") watches this size only: no scope.
// A price alert offers "at any store" when more than one store sells the size (issue 28); the
// box cannot wait for the item's scope here, so the api refuses it with another scope.

const noStore = { 'Cache-Control': CacheNone.header };
/** A size variant guid (a UUID): anything else is no product of ours. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readTarget({ context, params, request }: Pick<LoaderFunctionArgs, 'context' | 'params' | 'request'>) {
  const guid = params.guid ?? '';
  if (!GUID.test(guid)) throw data(null, { status: 404, headers: noStore });
  const url = new URL(request.url);
  const kindParam = url.searchParams.get('kind');
  const kind = isAlertKind(kindParam) ? kindParam : 'sale';
  const site = context.get(siteContext);
  let detail;
  try {
    detail = await context.get(apiContext).get(productByGuidPath(guid), 'ProductDetail', { country: site.country });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404, headers: noStore });
    throw error;
  }
  const product = alertProductOf(detail, guid);
  if (!product) throw data(null, { status: 404, headers: noStore });
  const back = safeReturnPath(url.searchParams.get('returnurl'), site.basename) ?? '/';
  return { guid, kind, product, productName: product.name, back, guest: !context.get(sessionContext).signedIn(), country: site.country };
}

/** The "at any store" box's words when more than one store sells the size; a history that fails leaves the box out. */
async function anyStoreWords({ context }: Pick<LoaderFunctionArgs, 'context'>, guid: string, kind: AlertKind, country: string): Promise<string | undefined> {
  if (kind !== 'price') return undefined;
  try {
    return anyStoreChoice(context.get(i18nContext).t, kind, 'item', await context.get(apiContext).get(priceHistoryPath(guid), 'PriceHistory', { country, days: 1 }));
  } catch {
    return undefined;
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const { guid, kind, product, productName, back, guest, country } = await readTarget(args);
  const anyStore = await anyStoreWords(args, guid, kind, country);
  return data({ guid, kind, product, productName, back, guest, anyStore }, { headers: noStore });
}

type ActionData = { done: string } | { error: string | undefined; fields: { scope: string; alertPrice: string; email: string; anyStore: string } };

export async function action(args: ActionFunctionArgs) {
  const { guid, kind, product, guest, country } = await readTarget(args);
  const form = await readForm(args.request);
  const fields = { scope: formField(form, 'scope'), alertPrice: formField(form, 'alertPrice').trim(), email: formField(form, 'email').trim(), anyStore: formField(form, 'anyStore') };
  const scope = kind === 'stock' ? 'item' : isAlertScope(fields.scope) && scopesFor(product.brand?.name ?? null).includes(fields.scope) ? fields.scope : '';
  const email = guest ? fields.email : undefined;
  const state = alertFormState({ kind, scope, price: fields.alertPrice, email, salePrice: product.salePrice });
  if (scope === '' || !state.canSubmit) return data<ActionData>({ error: undefined, fields }, { status: 400, headers: noStore });
  const call = alertRequest({ kind, scope, price: fields.alertPrice, email, guid, product, country, anyStore: fields.anyStore === 'on' });
  try {
    const answer = await args.context.get(apiContext).send('POST', call.path, call.body, 'AlertSet');
    return data<ActionData>({ done: answer.message }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data<ActionData>({ error: error.message, fields }, { status: error.status, headers: noStore });
    throw error;
  }
}

export function Component() {
  const { kind, product, productName, back, guest, anyStore } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const id = useId();
  const t = useT();
  const failed = answer && 'fields' in answer ? answer : undefined;
  const [scope, setScope] = useState(failed?.fields.scope ?? '');
  const [price, setPrice] = useState(failed?.fields.alertPrice ?? '');
  const [email, setEmail] = useState(failed?.fields.email ?? '');
  const title = t(ALERT_TITLES[kind]);
  const description = t('alerts.add.description', { title, product: productName });
  // A refused post shows every message at once; before that, each after its first edit.
  const [touched, setTouched] = useState({ price: failed !== undefined, email: failed !== undefined });
  const stock = kind === 'stock';
  const state = alertFormState({ kind, scope: stock ? 'item' : isAlertScope(scope) ? scope : '', price, email: guest ? email : undefined, salePrice: product.salePrice });
  const scopeMissing = failed !== undefined && !stock && !isAlertScope(scope);

  if (answer && 'done' in answer) {
    return (
      <section className="account-section alert-add" data-kind={kind}>
        <PageMeta title={title} description={description} noindex />
        <h1>{title}</h1>
        <p role="status" className="form-success">
          {answer.done}
        </p>
        <p>
          <ShellLink to={back} className="button">
            {t('alerts.add.back')}
          </ShellLink>
        </p>
      </section>
    );
  }

  return (
    <section className="account-section alert-add" data-kind={kind}>
      <PageMeta title={title} description={description} noindex />
      <h1>{title}</h1>
      <p className="alert-dialog-product">{productName}</p>
      {failed?.error && (
        <p className="form-error" role="alert">
          {failed.error}
        </p>
      )}
      <form method="post" noValidate>
        {stock ? (
          <p className="alert-stock-promise">{backInStockPromise(t, product.size)}</p>
        ) : (
          <fieldset className="alert-scopes" aria-describedby={scopeMissing ? `${id}-scope-error` : undefined}>
            <legend>{t('alerts.dialog.about')}</legend>
            {scopesFor(product.brand?.name ?? null).map((each) => (
              <label key={each} className="alert-scope">
                <input type="radio" name="scope" value={each} checked={scope === each} onChange={() => setScope(each)} />
                {scopeLabel(t, each, product.brand?.name ?? null, product.store.name)}
              </label>
            ))}
            {scopeMissing && (
              <p id={`${id}-scope-error`} className="field-error" role="alert">
                {say(t, ALERT_MESSAGES.scopeInvalid)}
              </p>
            )}
          </fieldset>
        )}
        {anyStore && (
          <label className="alert-any-store">
            <input type="checkbox" name="anyStore" defaultChecked={failed?.fields.anyStore === 'on'} />
            {anyStore}
          </label>
        )}
        {kind === 'price' && (
          <div className="form-field">
            <label htmlFor={`${id}-price`}>{t('alerts.dialog.price')}</label>
            <input
              id={`${id}-price`}
              name="alertPrice"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={price}
              onChange={(event) => {
                setPrice(event.target.value);
                setTouched((was) => ({ ...was, price: true }));
              }}
            />
            {touched.price && state.priceProblem && (
              <p className="field-error" role="alert">
                {say(t, state.priceProblem)}
              </p>
            )}
          </div>
        )}
        {guest && (
          <div className="form-field">
            <label htmlFor={`${id}-email`}>{t('alerts.dialog.email')}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setTouched((was) => ({ ...was, email: true }));
              }}
            />
            {touched.email && state.emailProblem && (
              <p className="field-error" role="alert">
                {say(t, state.emailProblem)}
              </p>
            )}
          </div>
        )}
        <div className="modal-actions">
          <ShellLink to={back} className="button button-secondary">
            {t('common.close')}
          </ShellLink>
          <button type="submit" className="button">
            {t('alerts.dialog.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

