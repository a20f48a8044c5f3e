import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '../../../shared/price';
import type { AlertScope } from '../../../shared/validation/alert-rules';
import { say } from '../../../shared/validation/message';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { useNotify } from '../../app/notices';
import { useSession } from '../../app/session';
import { setAlert, useAlertProduct, usePriceHistory } from '../../data/alerts/alert-calls';
import { FormField } from '../ui/FormField';
import { useTypedField } from '../ui/use-typed-field';
import { DialogActions, ModalDialog } from '../ui/ModalDialog';
import { ALERT_TITLES, alertFormState, alertRequest, anyStoreChoice, backInStockPromise, scopeLabel, scopesFor, suggestedAlertPrice, type AlertTarget } from './alert-rules';

// The Sale Alert / Price Alert dialog (spec sections 2 "Other dialogs", 4 "Alert dialog", 5, 8,
// 9), loaded on its first opening (alert-opener.tsx). The title decides the form: a scope
// (this item, any item of its brand when it has one, any item of its store), and for a price
// alert the price, enabled once a scope is chosen. A guest types an e-mail; a shopper does not.
// Messages show as the shopper types (after the first edit); Alert Me waits for a scope and a
// valid form. Success closes it with the api's words as a success notice; a failure keeps it
// open, with no message (spec section 8). The frame (ModalDialog) keeps it open on Escape and
// a backdrop click, and focus inside. A sold-out size's "Tell me when it is back" opens it as
// the Back in Stock Alert (issue 27): this size only, no price, so no scope to choose. A price
// alert on this item offers "at any store" when more than one store sells the size (issue 28).

type Props = { target: AlertTarget; onClose(): void };

export function AlertDialog({ target, onClose }: Props) {
  const notify = useNotify();
  const t = useT();
  const { country } = useSiteConfig();
  const guest = useSession().viewer === null;
  const loaded = useAlertProduct(target.guid, country);
  const history = usePriceHistory(target.guid, country, target.kind === 'price');
  const site = useCountry();
  const id = useId();
  const stock = target.kind === 'stock';
  const [chosen, setScope] = useState<AlertScope | ''>('');
  const scope: AlertScope | '' = stock ? 'item' : chosen;
  const price = useTypedField('');
  const email = useTypedField('');
  const [sending, setSending] = useState(false);
  const product = typeof loaded === 'object' ? loaded : undefined;
  const state = alertFormState({ kind: target.kind, scope, price: price.value, email: guest ? email.value : undefined, salePrice: product?.salePrice });
  const title = t(ALERT_TITLES[target.kind]);
  const brand = product?.brand?.name ?? null;
  // The scopes once the product is known: its brand's only when it has one.
  const scopes = product && !stock ? scopesFor(brand) : [];
  const suggestion = history && product ? suggestedAlertPrice(history, product.salePrice) : undefined;
  const [anyStoreTicked, setAnyStore] = useState(false);
  const anyStoreWords = anyStoreChoice(t, target.kind, scope, history);
  const anyStore = anyStoreWords !== undefined && anyStoreTicked;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.canSubmit || !product || scope === '' || sending) return;
    setSending(true);
    const call = alertRequest({ kind: target.kind, scope, price: price.value, email: guest ? email.value : undefined, guid: target.guid, product, country, anyStore });
    try {
      notify('success', await setAlert(call));
      onClose();
    } catch {
      // Spec section 8 "Alert failures: swallowed; dialog stays open, no message".
      setSending(false);
    }
  };

  return (
    <ModalDialog className="alert-dialog" labelledBy={`${id}-title`} data={{ 'data-kind': target.kind }}>
      <h2 id={`${id}-title`}>{title}</h2>
      {product && <p className="alert-dialog-product">{product.name}</p>}
      <form onSubmit={submit} noValidate>
        {loaded === 'loading' && <p role="status">{t('alerts.dialog.loading')}</p>}
        {loaded === 'failed' && (
          <p className="form-error" role="alert">
            {t('alerts.dialog.failed')}
          </p>
        )}
        {stock ? (
          product && <p className="alert-stock-promise">{backInStockPromise(t, product.size)}</p>
        ) : (
          <fieldset className="alert-scopes">
            <legend>{t('alerts.dialog.about')}</legend>
            {scopes.map((each) => (
              <label key={each} className="alert-scope">
                <input type="radio" name="scope" value={each} checked={scope === each} onChange={() => setScope(each)} />
                {scopeLabel(t, each, brand, product?.store.name ?? null)}
              </label>
            ))}
          </fieldset>
        )}
        {anyStoreWords && (
          <label className="alert-any-store">
            <input type="checkbox" name="anyStore" checked={anyStoreTicked} onChange={(event) => setAnyStore(event.currentTarget.checked)} />
            {anyStoreWords}
          </label>
        )}
        {target.kind === 'price' && (
          <FormField
            id={`${id}-price`}
            label={t('alerts.dialog.price')}
            name="alertPrice"
            inputMode="decimal"
            autoComplete="off"
            {...price.props(state.priceProblem && say(t, state.priceProblem))}
            disabled={!state.priceEnabled}
          >
            {suggestion && state.priceEnabled && (
              <button
                type="button"
                className="link-button alert-price-suggestion"
                onClick={() => price.set(String(suggestion.price))}
              >
                {t('alerts.suggestion.use', { label: t(suggestion.label), price: formatPrice(suggestion.price, { locale: site.locale, info: site.currencyInfo }) })}
              </button>
            )}
          </FormField>
        )}
        {guest && (
          <FormField
            id={`${id}-email`}
            label={t('alerts.dialog.email')}
            name="email"
            type="email"
            autoComplete="email"
            {...email.props(state.emailProblem && say(t, state.emailProblem))}
          />
        )}
        <DialogActions onClose={onClose} submit={t('alerts.dialog.submit')} disabled={!state.canSubmit || sending} />
      </form>
    </ModalDialog>
  );
}
