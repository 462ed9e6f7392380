import { formatBRL, maskCpf } from '@quitute/contracts';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { errorMessage, serverFieldErrors } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field';
import forms from '../../../components/form.module.css';
import { MaskedField } from '../../../components/masked-field';
import { paymentsCommandApi, type SimulatorCardInput } from '../api/payments-api';
import { groupCardNumber } from '../model/card-number';
import type { CardPayment } from '../model/checkout-form';
import { cardFormErrorText } from '../model/payment-status';
import styles from './checkout-page.module.css';

/**
 * The simulator takes up to 12 installments, as Mercado Pago offers for most cards,
 * and charges the order's total whatever their number: every choice is interest-free.
 */
const MAX_INSTALLMENTS = 12;
const INVALID_CARD = 'Dados do cartão inválidos.';

export interface CardFormProps {
  method: 'credit_card' | 'debit_card';
  total: number;
  email: string;
  /** The checkout's CPF, the holder's by default. */
  docNumber: string;
  /** The checkout call is under way. */
  busy: boolean;
  onToken: (card: CardPayment) => void;
  onCancel: () => void;
  onError: (text: string) => void;
  /** The form's heading, where the page moves focus when the form opens. */
  headingRef: Ref<HTMLHeadingElement>;
}

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/**
 * The local payment simulator's card form (no card data leaves for anywhere
 * else): the card goes to POST /simulator/card_tokens, and the token it
 * answers pays the checkout, as Mercado Pago's form would.
 */
export function SimulatorCardForm({
  method,
  total,
  docNumber,
  busy,
  onToken,
  onCancel,
  onError,
  headingRef,
}: CardFormProps) {
  const headingId = useId();
  const [tokenize, { isLoading }] = paymentsCommandApi.useCreateSimulatorCardTokenMutation();
  const [card, setCard] = useState<SimulatorCardInput>({
    cardNumber: '',
    cardholderName: '',
    expirationMonth: '',
    expirationYear: '',
    securityCode: '',
    docNumber: maskCpf(docNumber),
  });
  const [installments, setInstallments] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const working = busy || isLoading;

  const field = (name: keyof SimulatorCardInput, format: (text: string) => string = (t) => t) => ({
    name,
    value: card[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = format(event.target.value);
      setCard((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    const answer = await tokenize(card);
    if (answer.error) {
      setErrors(serverFieldErrors(answer.error));
      onError(cardFormErrorText(errorMessage(answer.error, INVALID_CARD)));
      return;
    }
    onToken({
      token: answer.data.id,
      paymentMethodId: answer.data.paymentMethodId,
      installments: method === 'debit_card' ? 1 : installments,
    });
  };

  return (
    <section className={styles.cardForm} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Dados do Cartão
      </h2>
      <form className={forms.form} noValidate onSubmit={(event) => void submit(event)}>
        <MaskedField
          label="Número do cartão"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          mask={groupCardNumber}
          {...field('cardNumber')}
        />
        <FormField
          label="Nome do titular"
          autoComplete="cc-name"
          placeholder="Como está no cartão"
          {...field('cardholderName')}
        />
        <div className={styles.row}>
          <FormField
            label="Mês de validade"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            {...field('expirationMonth', (text) => digitsOnly(text, 2))}
          />
          <FormField
            label="Ano de validade"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="AAAA"
            {...field('expirationYear', (text) => digitsOnly(text, 4))}
          />
          <FormField
            label="CVV"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            {...field('securityCode', (text) => digitsOnly(text, 4))}
          />
        </div>
        <MaskedField
          label="CPF do titular"
          placeholder="000.000.000-00"
          mask={maskCpf}
          {...field('docNumber')}
        />
        {method === 'credit_card' ? (
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${headingId}-parcelas`}>
              Parcelas
            </label>
            <select
              id={`${headingId}-parcelas`}
              className={forms.input}
              value={installments}
              onChange={(event) => setInstallments(Number(event.target.value))}
            >
              {Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}x de {formatBRL(Math.round((total * 100) / count) / 100)} sem juros
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={forms.actions}>
          <button type="submit" className={buttons.button} disabled={working}>
            {working ? 'Processando...' : `Pagar ${formatBRL(total)}`}
          </button>
          <button type="button" className={buttons.ghost} onClick={onCancel}>
            Cancelar Pagamento
          </button>
        </div>
      </form>
    </section>
  );
}
