import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { FormEnd } from './form-end';
import {
  BusinessSettingsDocument,
  SaveBuyerBillingDocument,
  SaveSellerBusinessDocument,
  type BusinessAddressFieldsFragment,
  type BuyerBillingFieldsFragment,
  type SellerBusinessFieldsFragment,
} from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';

type State = { code: string; name: string };
type Errors = Record<string, string>;
type Address = { line1: string; city: string; state: string; pincode: string };

const addressOf = (a: BusinessAddressFieldsFragment | null | undefined): Address => ({ line1: a?.line1 ?? '', city: a?.city ?? '', state: a?.state ?? '', pincode: a?.pincode ?? '' });
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The server's field errors (`details.fields`: `gstin`, `address.state`, `bank.accountNumber`, ...), else its message. */
function readFieldErrors(failure: unknown): { fields: Errors; message: string | null } {
  const { message, details } = readServerError(failure);
  const fields = Object.fromEntries(
    Object.entries((details.fields ?? {}) as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([key, text]) => [camel(key), text]),
  );
  return { fields, message: Object.keys(fields).length ? null : (message ?? null) };
}

/** One save flow for both forms: field errors at their fields, else a message; the saved note on success. */
function useSaveFlow(savedNote: string) {
  const { t } = useTranslation('settings');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (event: FormEvent<HTMLFormElement>, loading: boolean, save: () => Promise<unknown>) => {
    event.preventDefault();
    if (loading) return;
    setErrors({});
    setMessage(null);
    setNotice(null);
    try {
      await save();
      setNotice(savedNote);
    } catch (failure) {
      const read = readFieldErrors(failure);
      setErrors(read.fields);
      setMessage(read.message ?? (Object.keys(read.fields).length ? null : t('profile.failed')));
    }
  };
  return { errors, message, notice, run };
}

/** Business details in settings (docs/product.md#business-details): the seller's, for invoices and payments, and the buyer's billing. */
export function BusinessSettings() {
  const { t } = useTranslation('settings');
  const { data, loading, error } = useQuery(BusinessSettingsDocument, { fetchPolicy: 'cache-and-network' });
  if (!data && loading) return <p>{t('loading')}</p>;
  if (!data && error) {
    return (
      <p className="form-error" role="alert">
        {t('loadFailed')}
      </p>
    );
  }
  if (!data) return null;
  return (
    <>
      <section className="settings-section" aria-labelledby="settings-business">
        <h2 id="settings-business" className="settings-section__title">
          {t('business.title')}
        </h2>
        <p className="settings-toggle__hint">{t('business.hint')}</p>
        <SellerBusinessForm saved={data.sellerBusiness} states={data.indianStates} />
      </section>
      <section className="settings-section" aria-labelledby="settings-billing">
        <h2 id="settings-billing" className="settings-section__title">
          {t('billing.title')}
        </h2>
        <p className="settings-toggle__hint">{t('billing.hint')}</p>
        <BuyerBillingForm saved={data.buyerBilling} states={data.indianStates} />
      </section>
    </>
  );
}

function AddressFields({ prefix, value, onChange, errors, states }: { prefix: string; value: Address; onChange: (a: Address) => void; errors: Errors; states: State[] }) {
  const { t } = useTranslation('settings');
  const set = (part: keyof Address) => (event: { target: { value: string } }) => onChange({ ...value, [part]: event.target.value });
  const id = (part: string) => `${prefix}-${part}`;
  const stateError = errors[`${prefix}.state`];
  return (
    <fieldset className="settings-fieldset">
      <legend>{t('business.address')}</legend>
      <TextField id={id('line1')} label={t('business.line1')} autoComplete="address-line1" value={value.line1} onChange={set('line1')} error={errors[`${prefix}.line1`]} />
      <TextField id={id('city')} label={t('business.city')} autoComplete="address-level2" value={value.city} onChange={set('city')} error={errors[`${prefix}.city`]} />
      <div className={stateError ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={id('state')}>
          {t('business.state')}
        </label>
        <select id={id('state')} className="field__input" value={value.state} onChange={set('state')} aria-invalid={stateError ? true : undefined} aria-describedby={stateError ? `${id('state')}-error` : undefined}>
          <option value="">{t('business.chooseState')}</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </select>
        {stateError ? (
          <p id={`${id('state')}-error`} className="field__error" role="alert">
            {stateError}
          </p>
        ) : null}
      </div>
      <TextField id={id('pincode')} label={t('business.pincode')} inputMode="numeric" autoComplete="postal-code" value={value.pincode} onChange={set('pincode')} error={errors[`${prefix}.pincode`]} />
    </fieldset>
  );
}

function SellerBusinessForm({ saved, states }: { saved: SellerBusinessFieldsFragment | null; states: State[] }) {
  const { t } = useTranslation('settings');
  const [legalName, setLegalName] = useState(saved?.legalName ?? '');
  const [tradeName, setTradeName] = useState(saved?.tradeName ?? '');
  const [gstin, setGstin] = useState(saved?.gstin ?? '');
  const [address, setAddress] = useState(addressOf(saved?.address));
  const [upiVpa, setUpiVpa] = useState(saved?.upiVpa ?? '');
  const [bank, setBank] = useState({ accountName: saved?.bank?.accountName ?? '', accountNumber: saved?.bank?.accountNumber ?? '', ifsc: saved?.bank?.ifsc ?? '' });
  const [invoicePrefix, setInvoicePrefix] = useState(saved?.invoicePrefix ?? '');
  const [pricesIncludeGst, setPricesIncludeGst] = useState(saved?.pricesIncludeGst ?? true);
  const { errors, message, notice, run } = useSaveFlow(t('business.saved'));
  const [save, { loading }] = useMutation(SaveSellerBusinessDocument);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, loading, () => {
      const hasBank = Object.values(bank).some((v) => v.trim() !== '');
      return save({
        variables: {
          input: {
            legalName: legalName.trim(),
            tradeName: orNull(tradeName),
            gstin: orNull(gstin),
            address,
            upiVpa: orNull(upiVpa),
            bank: hasBank ? { accountName: bank.accountName.trim(), accountNumber: bank.accountNumber.trim(), ifsc: bank.ifsc.trim() } : null,
            invoicePrefix: orNull(invoicePrefix),
            pricesIncludeGst,
          },
        },
        refetchQueries: [BusinessSettingsDocument],
      });
    });
  const bankField = (part: keyof typeof bank) => (event: { target: { value: string } }) => setBank({ ...bank, [part]: event.target.value });

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField id="business-legal-name" label={t('business.legalName')} autoComplete="organization" value={legalName} onChange={(e) => setLegalName(e.target.value)} error={errors.legalName} />
      <TextField id="business-trade-name" label={t('business.tradeName')} value={tradeName} onChange={(e) => setTradeName(e.target.value)} error={errors.tradeName} />
      <TextField id="business-gstin" label={t('business.gstin')} autoCapitalize="characters" spellCheck={false} value={gstin} onChange={(e) => setGstin(e.target.value)} error={errors.gstin} />
      <AddressFields prefix="address" value={address} onChange={setAddress} errors={errors} states={states} />
      <TextField id="business-upi" label={t('business.upiVpa')} autoCapitalize="none" spellCheck={false} value={upiVpa} onChange={(e) => setUpiVpa(e.target.value)} error={errors.upiVpa} />
      <fieldset className="settings-fieldset">
        <legend>{t('business.bank')}</legend>
        <TextField id="bank-account-name" label={t('business.accountName')} value={bank.accountName} onChange={bankField('accountName')} error={errors['bank.accountName']} />
        <TextField id="bank-account-number" label={t('business.accountNumber')} inputMode="numeric" value={bank.accountNumber} onChange={bankField('accountNumber')} error={errors['bank.accountNumber']} />
        <TextField id="bank-ifsc" label={t('business.ifsc')} autoCapitalize="characters" spellCheck={false} value={bank.ifsc} onChange={bankField('ifsc')} error={errors['bank.ifsc']} />
      </fieldset>
      <TextField id="business-prefix" label={t('business.invoicePrefix')} placeholder="INV-" value={invoicePrefix} onChange={(e) => setInvoicePrefix(e.target.value)} error={errors.invoicePrefix} />
      <div className="settings-toggle">
        <input id="business-prices-include-gst" type="checkbox" checked={pricesIncludeGst} onChange={(e) => setPricesIncludeGst(e.target.checked)} aria-describedby="business-prices-include-gst-hint" />
        <label htmlFor="business-prices-include-gst">{t('business.pricesIncludeGst')}</label>
        <p id="business-prices-include-gst-hint" className="settings-toggle__hint">
          {t('business.pricesIncludeGstHint')}
        </p>
      </div>
      <FormEnd loading={loading} message={message} notice={notice} save={t('business.save')} saving={t('profile.saving')} />
    </form>
  );
}

function BuyerBillingForm({ saved, states }: { saved: BuyerBillingFieldsFragment | null; states: State[] }) {
  const { t } = useTranslation('settings');
  const [legalName, setLegalName] = useState(saved?.legalName ?? '');
  const [gstin, setGstin] = useState(saved?.gstin ?? '');
  const [address, setAddress] = useState(addressOf(saved?.billingAddress));
  const { errors, message, notice, run } = useSaveFlow(t('billing.saved'));
  const [save, { loading }] = useMutation(SaveBuyerBillingDocument);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, loading, () => save({ variables: { input: { legalName: orNull(legalName), gstin: orNull(gstin), billingAddress: address } }, refetchQueries: [BusinessSettingsDocument] }));

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField id="billing-legal-name" label={t('billing.legalName')} autoComplete="organization" value={legalName} onChange={(e) => setLegalName(e.target.value)} error={errors.legalName} />
      <TextField id="billing-gstin" label={t('business.gstin')} autoCapitalize="characters" spellCheck={false} value={gstin} onChange={(e) => setGstin(e.target.value)} error={errors.gstin} />
      <AddressFields prefix="billingAddress" value={address} onChange={setAddress} errors={errors} states={states} />
      <FormEnd loading={loading} message={message} notice={notice} save={t('billing.save')} saving={t('profile.saving')} />
    </form>
  );
}
