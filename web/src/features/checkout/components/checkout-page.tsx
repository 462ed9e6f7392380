import {
  checkoutMessages,
  cpfDigits,
  DELIVERY_TYPE_OPTIONS,
  maskCep,
  ORDER_NOTES_MAX_LENGTH,
  maskCpf,
  maskPhone,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type CheckoutBody,
  type DeliveryType,
  type PaymentMethod,
} from '@quitute/contracts';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { MaskedField } from '../../../components/masked-field';
import { OrderLines } from '../../../components/order-lines';
import { PageLoading } from '../../../components/page-loading';
import { Pending } from '../../../components/pending';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { addressLine } from '../../../lib/address-line';
import { reveal } from '../../../lib/reveal';
import { paymentsQueryApi, type PaymentConfig } from '../api/payments-api';
import { useCheckoutPayment } from '../hooks/use-checkout-payment';
import {
  belowMinimum,
  cepToLookUp,
  checkoutInput,
  checkoutPrefill,
  emptyCheckoutForm,
  fillBlanks,
  isCardMethod,
  needsAddress,
  orderTotal,
  totalWithFee,
  type CardPayment,
  type CheckoutCustomer,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
  type CheckoutItem,
} from '../model/checkout-form';
import { showsCancel } from '../model/payment-status';
import { CheckoutPopup } from './checkout-popup';
import { DeliverySlotPlaceholder } from './delivery-slot-placeholder';
import styles from './checkout-page.module.css';
import type { DeclinedActions } from './payment-result-box';
import { RadioGroup } from './radio-group';

/** The card forms: fetched when she presses 'Prosseguir' with a card, never for a Pix or boleto. */
const loadSimulatorCardForm = () => import('./simulator-card-form');
const loadMercadoPagoCardForm = () => import('./mercadopago-card-form');
const SimulatorCardForm = lazy(() =>
  loadSimulatorCardForm().then((module) => ({ default: module.SimulatorCardForm })),
);
const MercadoPagoCardForm = lazy(() =>
  loadMercadoPagoCardForm().then((module) => ({ default: module.MercadoPagoCardFormView })),
);

/**
 * The payment's result (the Pix, the boleto, a card's answer): fetched with the
 * rules on the form's first focus, shown once 'Prosseguir' has an answer.
 */
const loadPaymentResultBox = () => import('./payment-result-box');
const PaymentResultBox = lazy(() =>
  loadPaymentResultBox().then((module) => ({ default: module.PaymentResultBox })),
);

const FORM_CRASHED = 'Erro crítico ao carregar o formulário de pagamento.';
const QUOTE_FAILED = 'Não foi possível calcular a taxa de entrega. Tente novamente.';
const ADDRESS_NOT_SAVED =
  'Seu pedido foi feito, mas não foi possível salvar o endereço no seu perfil.';

const DELIVERY_OPTIONS: { value: DeliveryType; label: string }[] = [
  { value: 'pickup', label: DELIVERY_TYPE_OPTIONS.pickup },
  { value: 'delivery', label: DELIVERY_TYPE_OPTIONS.delivery },
];
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

function OrderSummary({
  items,
  deliveryFee,
}: {
  items: readonly CheckoutItem[];
  deliveryFee: number;
}) {
  return (
    <section className={styles.summary} aria-labelledby="resumo-do-pedido">
      <h2 id="resumo-do-pedido" className={styles.sectionTitle}>
        Resumo do Pedido
      </h2>
      {items.length === 0 ? (
        <p className={styles.muted}>
          {checkoutMessages.emptyOrder} <Link to="/cardapio">Ver Cardápio</Link>
        </p>
      ) : null}
      <OrderLines
        lines={items.map((item) => ({
          key: item.id || item.title,
          quantity: item.quantity,
          name: item.title,
          amount: orderTotal([item]),
        }))}
        deliveryFee={deliveryFee}
        total={totalWithFee(items, deliveryFee)}
        size="summary"
      />
    </section>
  );
}

export interface CheckoutPageProps {
  /** The cart's lines. */
  items: readonly CheckoutItem[];
  customer: CheckoutCustomer;
  /** The payment was approved: empty the cart here (the server has checked it out). */
  onApproved: () => void;
  /** Her profile's name and phone: with her last orders, they fill in the form. */
  profile?: { name: string; phone: string };
  /** 'Salvar este endereço no meu perfil': writes the address, on one line, to her profile; true once saved. */
  onSaveAddress?: (address: string) => Promise<boolean>;
}

/** /pagamento (spec §2 "Checkout", §4, §5, §7). */
/** The checkout's rules (zod), fetched on the form's first focus and awaited on payment. */
function loadCheckoutValidation() {
  return import('../model/checkout-validation');
}

type CheckoutRules = Awaited<ReturnType<typeof loadCheckoutValidation>>;

/** The calendar's date and slot field (issue 40), fetched with the rules on the form's first focus. */
function loadDeliverySlotField() {
  return import('./delivery-slot-field');
}

type SlotField = Awaited<ReturnType<typeof loadDeliverySlotField>>['DeliverySlotField'];

export function CheckoutPage({
  items,
  customer,
  onApproved,
  profile,
  onSaveAddress,
}: CheckoutPageProps) {
  const [entered, setForm] = useState<CheckoutForm>(() => emptyCheckoutForm(customer.email));
  // The fields she has typed in: what is filled in for her never replaces them.
  const [typed, setTyped] = useState<ReadonlySet<CheckoutField>>(() => new Set());
  // Her name, CPF, phone and last delivery address (issue 37), as they become
  // known: shown in the blank fields she has not typed in.
  const { data: recentOrders } = paymentsQueryApi.useGetRecentOrdersQuery(undefined);
  const form = useMemo(
    () =>
      profile ? fillBlanks(entered, checkoutPrefill(profile, recentOrders ?? []), typed) : entered,
    [entered, profile, recentOrders, typed],
  );
  const delivering = form.deliveryType === 'delivery';
  // The fee of the CEP's zone (issue 37), asked for as soon as a delivery has a whole CEP.
  const quoteCep = delivering ? cepToLookUp(form.zipCode) : null;
  const quote = paymentsQueryApi.useGetDeliveryQuoteQuery(quoteCep ?? '', {
    skip: quoteCep === null,
  });
  const quoted = quoteCep === null ? undefined : quote.currentData;
  const deliveryFee = quoted?.available ? quoted.fee : 0;
  const payment = useCheckoutPayment({
    userId: customer.id,
    onApproved,
    onTotalChanged: () => {
      if (quoteCep !== null) void quote.refetch();
    },
  });
  const shop = useShopSettings();
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // The rules, once loaded (the form's first focus): they also say when a boleto is too late.
  const [rules, setRules] = useState<CheckoutRules | null>(null);
  const [SlotField, setSlotField] = useState<SlotField | null>(null);
  const [cardForm, setCardForm] = useState<PaymentConfig | null>(null);
  const [paid, setPaid] = useState<{ items: readonly CheckoutItem[]; deliveryFee: number } | null>(
    null,
  );
  const [saveAddress, setSaveAddress] = useState(false);
  const [addressSaved, setAddressSaved] = useState(false);
  // A new card form (its fields empty) for each attempt.
  const [cardAttempt, setCardAttempt] = useState(0);
  const resultHeading = useRef<HTMLHeadingElement | null>(null);
  // The box may mount after its result (its code still on the way): it comes into view then.
  const showResultHeading = useCallback((heading: HTMLHeadingElement | null) => {
    if (heading && heading !== resultHeading.current) reveal(heading);
    resultHeading.current = heading;
  }, []);
  const formId = useId();
  const notesId = useId();
  const [lookupCep] = paymentsQueryApi.useLazyLookupCepQuery();
  const [loadConfig, { isFetching: loadingConfig }] =
    paymentsQueryApi.useLazyGetPaymentConfigQuery();

  const { result, approved, watching, submitting } = payment;
  const shown = result && paid ? paid : { items, deliveryFee };
  const total = totalWithFee(items, deliveryFee);
  const quoting = quoteCep !== null && !quoted && quote.isFetching;
  const busy = submitting || loadingConfig || quoting;
  const locked = approved || watching;
  // No zone delivers to the CEP (pickup stays possible), or its fee is unknown: no delivery.
  let feeProblem: string | null = null;
  if (quoteCep !== null && quoted?.available === false) feeProblem = quoted.message;
  else if (quoteCep !== null && !quoted && quote.isError) {
    feeProblem = errorMessage(quote.error, QUOTE_FAILED);
  }
  const missedMinimum = quoteCep === null ? null : belowMinimum(quoted, orderTotal(items));

  // What 'Prosseguir' brought (the Pix, the boleto, a card's answer) comes into view.
  useEffect(() => {
    if (result) reveal(resultHeading.current);
  }, [result]);

  const prefetchCheckoutValidation = () => {
    loadCheckoutValidation().then(setRules, (error: unknown) => {
      console.error('Não foi possível carregar as regras do formulário.', error);
    });
    void loadPaymentResultBox().catch(() => undefined);
    loadDeliverySlotField().then(
      (module) => setSlotField(() => module.DeliverySlotField),
      (error: unknown) => {
        console.error('Não foi possível carregar a agenda.', error);
      },
    );
  };
  // Issue 38: a boleto cannot pay for a day it would not be cleared by; the reason is shown.
  const boletoTooClose = rules?.boletoUnavailable(form.deliveryDate, new Date()) ?? null;

  const clearError = (field: CheckoutField) => setErrors(({ [field]: _, ...rest }) => rest);
  const update = (field: CheckoutField, value: string) => {
    setTyped((current) => (current.has(field) ? current : new Set(current).add(field)));
    // A boleto chosen before the day moved too close is unselected (its reason shows).
    const dropsBoleto =
      field === 'deliveryDate' &&
      form.paymentMethod === 'boleto' &&
      rules?.boletoUnavailable(value, new Date());
    setForm((current) => ({
      ...current,
      [field]: value,
      // Another day offers other slots: she chooses hers again.
      ...(field === 'deliveryDate' && value !== current.deliveryDate ? { deliveryTime: '' } : {}),
      ...(dropsBoleto ? { paymentMethod: '' } : {}),
    }));
    clearError(field);
  };
  const bind = (field: CheckoutField, format: (text: string) => string = (text) => text) => ({
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, format(event.target.value)),
  });

  const focusField = (field: CheckoutField) =>
    document.getElementById(formId)?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  const showProblems = (problems: CheckoutErrors, first: CheckoutField | null) => {
    setErrors(problems);
    if (first) focusField(first);
  };

  /** After the order is placed: her delivery address to her profile, once, if she asked. */
  const rememberAddress = (body: CheckoutBody) => {
    const { address } = body;
    if (!onSaveAddress || !saveAddress || body.deliveryType !== 'delivery' || !address) return;
    if (addressSaved) return;
    setAddressSaved(true);
    void onSaveAddress(addressLine(address, { withZipCode: true })).then((saved) => {
      if (!saved) payment.showPopup('error', ADDRESS_NOT_SAVED);
    });
  };

  const chooseMethod = (method: PaymentMethod) => {
    setForm((current) => ({ ...current, paymentMethod: method }));
    clearError('paymentMethod');
    setCardForm(null);
    payment.reset();
  };

  const fillFromCep = async () => {
    if (form.zipCode.trim() === '') return;
    const digits = cepToLookUp(form.zipCode);
    const answer = digits ? await lookupCep(digits, true) : null;
    if (!answer?.data) {
      // The server's word when it answered (an unknown CEP, or the lookup service down and
      // the address to be typed by hand: spec §8), else 'CEP inválido'.
      const message = errorMessage(answer?.error, checkoutMessages.invalidCep);
      setErrors((current) => ({ ...current, zipCode: message }));
      return;
    }
    const found = answer.data;
    setForm((current) => ({
      ...current,
      streetName: found.streetName || current.streetName,
      neighborhood: found.neighborhood || current.neighborhood,
      city: found.city || current.city,
      federalUnit: found.federalUnit || current.federalUnit,
    }));
    setErrors(
      ({ zipCode: _z, streetName: _s, neighborhood: _n, city: _c, federalUnit: _f, ...rest }) =>
        rest,
    );
  };

  const pay = async (card?: CardPayment) => {
    const { validateCheckout } = await loadCheckoutValidation();
    const validation = validateCheckout(
      checkoutInput(form, items, customer, { card, deliveryFee }),
      new Date(),
      { belowMinimum: missedMinimum, day: form.deliveryDate },
    );
    if (!validation.ok) {
      setCardForm(null);
      showProblems(validation.errors, validation.first);
      if (validation.general) payment.showPopup('error', validation.general);
      return;
    }
    const { body } = validation;
    if (!body) return;
    setPaid({ items, deliveryFee });
    const answered = await payment.pay(body);
    if (answered) {
      setCardForm(null);
      rememberAddress(body);
    }
  };

  const openCardForm = async () => {
    if (!form.fullName.trim() || cpfDigits(form.docNumber) === '') {
      payment.showPopup('error', checkoutMessages.nameAndCpfFirst);
      return;
    }
    if (total <= 0) {
      payment.showPopup('error', checkoutMessages.zeroTotal);
      return;
    }
    const { validateCheckout } = await loadCheckoutValidation();
    const validation = validateCheckout(
      checkoutInput(form, items, customer, { deliveryFee }),
      new Date(),
      { beforeCardForm: true, belowMinimum: missedMinimum, day: form.deliveryDate },
    );
    if (!validation.ok) {
      showProblems(validation.errors, validation.first);
      if (validation.general) payment.showPopup('error', validation.general);
      return;
    }
    const config = await loadConfig(undefined, true);
    if (!config.data) {
      payment.showPopup('error', FORM_CRASHED);
      return;
    }
    try {
      await (config.data.provider === 'mercadopago'
        ? loadMercadoPagoCardForm()
        : loadSimulatorCardForm());
    } catch (error) {
      console.error(FORM_CRASHED, error);
      payment.showPopup('error', FORM_CRASHED);
      return;
    }
    setErrors({});
    setCardForm(config.data);
  };

  const declined: DeclinedActions | null =
    result?.paymentStatus === 'rejected' && isCardMethod(result.paymentMethod)
      ? {
          // The same order, another card: the delivery and the customer's fields stay.
          onRetryCard: () => {
            payment.reset();
            setCardAttempt((count) => count + 1);
            void openCardForm();
          },
          onOtherMethod: () => {
            payment.reset();
            setForm((current) => ({ ...current, paymentMethod: '' }));
            const methods = document
              .getElementById(formId)
              ?.querySelector<HTMLInputElement>('input[name="paymentMethod"]');
            reveal(methods ?? null);
          },
        }
      : null;

  const proceed = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || locked) return;
    if (feeProblem) {
      if (quote.isError) void quote.refetch();
      focusField('zipCode');
      return;
    }
    if (isCardMethod(form.paymentMethod)) void openCardForm();
    else void pay();
  };

  const cardProps = isCardMethod(form.paymentMethod)
    ? {
        method: form.paymentMethod,
        total,
        email: form.email,
        docNumber: form.docNumber,
        busy: submitting,
        onToken: (card: CardPayment) => void pay(card),
        onCancel: () => setCardForm(null),
        onError: (text: string) => payment.showPopup('error', text),
        // Each card form comes into view as it mounts (the lazy Mercado Pago one included).
        headingRef: reveal,
      }
    : null;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Finalizar Pagamento</h1>
      <div className={styles.layout}>
        <OrderSummary items={shown.items} deliveryFee={shown.deliveryFee} />
        <div className={styles.main}>
          <form
            id={formId}
            className={`${forms.form} ${styles.form}`}
            noValidate
            aria-label="Dados do pagamento"
            onFocus={prefetchCheckoutValidation}
            onSubmit={proceed}
          >
            <RadioGroup
              legend="Entrega ou retirada"
              name="deliveryType"
              options={DELIVERY_OPTIONS}
              value={form.deliveryType}
              error={errors.deliveryType}
              onChange={(value) => update('deliveryType', value)}
            />
            {form.deliveryType === 'pickup' ? (
              <p className={styles.pickupPlace}>
                <strong>Local de retirada:</strong>{' '}
                {shop ? addressLine(shop.address) : <Pending width="long" />}
              </p>
            ) : null}
            {SlotField ? (
              <SlotField
                deliveryType={form.deliveryType}
                date={form.deliveryDate}
                time={form.deliveryTime}
                lines={items}
                rules={rules}
                error={errors.deliveryDate}
                onDateChange={(value) => update('deliveryDate', value)}
                onTimeChange={(value) => {
                  update('deliveryTime', value);
                  clearError('deliveryDate');
                }}
              />
            ) : (
              <DeliverySlotPlaceholder error={errors.deliveryDate} />
            )}
            <FormField label="Nome completo" autoComplete="name" {...bind('fullName')} />
            <MaskedField
              label="CPF"
              placeholder="000.000.000-00"
              mask={maskCpf}
              {...bind('docNumber')}
            />
            <FormField
              label="E-mail"
              type="email"
              readOnly
              hint="O e-mail da sua conta, que recebe as mensagens do pedido."
              {...bind('email')}
            />
            <MaskedField
              label="Telefone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(11) 98765-4321"
              mask={maskPhone}
              {...bind('phone')}
            />
            {needsAddress(form) ? (
              <fieldset className={styles.address}>
                <legend className={styles.legend}>Endereço</legend>
                <MaskedField
                  label="CEP"
                  autoComplete="postal-code"
                  placeholder="00000-000"
                  mask={maskCep}
                  {...bind('zipCode')}
                  error={feeProblem ?? errors.zipCode}
                  onBlur={() => void fillFromCep()}
                />
                <FormField label="Rua" autoComplete="address-line1" {...bind('streetName')} />
                <FormField label="Número" {...bind('streetNumber')} />
                <FormField
                  label="Complemento"
                  autoComplete="address-line2"
                  {...bind('complement')}
                />
                <FormField label="Bairro" {...bind('neighborhood')} />
                <div className={styles.row}>
                  <FormField label="Cidade" autoComplete="address-level2" {...bind('city')} />
                  <FormField
                    label="UF"
                    autoComplete="address-level1"
                    maxLength={2}
                    {...bind('federalUnit', (text) => text.toUpperCase())}
                  />
                </div>
                {delivering && onSaveAddress ? (
                  <label className={forms.checkbox}>
                    <input
                      type="checkbox"
                      name="saveAddress"
                      checked={saveAddress}
                      onChange={(event) => setSaveAddress(event.target.checked)}
                    />
                    Salvar este endereço no meu perfil
                  </label>
                ) : null}
              </fieldset>
            ) : null}
            <div className={forms.field}>
              <label className={forms.label} htmlFor={notesId}>
                Observações
              </label>
              <textarea
                id={notesId}
                name="notes"
                className={`${forms.input} ${styles.notes}`}
                rows={3}
                maxLength={ORDER_NOTES_MAX_LENGTH}
                placeholder="Ex.: escrever Feliz Aniversário no bolo"
                aria-describedby={`${notesId}-contagem${errors.notes ? ` ${notesId}-erro` : ''}`}
                aria-invalid={errors.notes ? true : undefined}
                value={form.notes}
                onChange={(event) => update('notes', event.target.value)}
              />
              <div id={`${notesId}-contagem`} className={forms.hint}>
                {form.notes.length}/{ORDER_NOTES_MAX_LENGTH} caracteres
              </div>
              {errors.notes ? (
                <p id={`${notesId}-erro`} className={forms.fieldError}>
                  {errors.notes}
                </p>
              ) : null}
            </div>
            <RadioGroup
              legend="Forma de pagamento"
              name="paymentMethod"
              options={METHOD_OPTIONS}
              value={boletoTooClose && form.paymentMethod === 'boleto' ? '' : form.paymentMethod}
              error={errors.paymentMethod}
              disabled={approved}
              unavailable={boletoTooClose ? { value: 'boleto', reason: boletoTooClose } : null}
              onChange={chooseMethod}
            />
            <button
              type="submit"
              className={`${buttons.button} ${buttons.block}`}
              disabled={busy || locked || items.length === 0}
            >
              {busy ? 'Processando...' : 'Prosseguir'}
            </button>
          </form>
          {cardForm && cardProps ? (
            <Suspense fallback={<PageLoading />}>
              {cardForm.provider === 'mercadopago' ? (
                <MercadoPagoCardForm
                  key={cardAttempt}
                  publicKey={cardForm.publicKey}
                  {...cardProps}
                />
              ) : (
                <SimulatorCardForm key={cardAttempt} {...cardProps} />
              )}
            </Suspense>
          ) : null}
          {result || payment.line ? (
            <Suspense fallback={<PageLoading />}>
              <PaymentResultBox
                result={result}
                line={payment.line}
                amount={totalWithFee(shown.items, shown.deliveryFee)}
                headingRef={showResultHeading}
                declined={declined}
                canCancel={
                  result !== null &&
                  !approved &&
                  showsCancel(result.paymentMethod, result.paymentStatus)
                }
                cancelling={payment.cancelling}
                onCancel={() => void payment.cancel()}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
      <CheckoutPopup popup={payment.popup} onClose={payment.closePopup} />
    </div>
  );
}
