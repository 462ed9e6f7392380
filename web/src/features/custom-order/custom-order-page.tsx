import { maskPhone, shopDate } from '@quitute/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, httpStatus, serverFieldErrors } from '../../api/errors';
import buttons from '../../components/button.module.css';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import form from '../../components/form.module.css';
import { MaskedField } from '../../components/masked-field';
import { LeadTimeNotice } from '../../components/lead-time-notice';
import { CUSTOM_ORDER_LEAD_DAYS, CUSTOM_ORDER_POPUP_MS } from '../../config/ui';
import { shopApi } from '../../api/shop-api';
import { openDeepLink, whatsappUrl } from '../../lib/whatsapp';
import {
  customOrderMessage,
  customOrderProblem,
  customOrderTexts,
  initialCustomOrder,
  type CustomOrderContact,
  type CustomOrderField,
  type CustomOrderForm,
} from './custom-order';
import { useSendCustomOrderMutation } from './custom-order-api';
import styles from './custom-order-page.module.css';

const FIELDS: readonly CustomOrderField[] = [
  'nome',
  'email',
  'telefone',
  'dataEvento',
  'descricao',
];
const isField = (name: string): name is CustomOrderField => FIELDS.some((field) => field === name);

export interface CustomOrderPageProps {
  /** The signed-in customer's contact from her profile, which fills the form; null for a visitor. */
  contact: CustomOrderContact | null;
}

/**
 * /encomendas (spec §2 "Custom order form", §5). The request is recorded in
 * the shop first (the admin lists it under 'Encomendas'); only then does
 * WhatsApp open with the spec's success popup, on the number of the shop's
 * settings (sending waits until it is known; should the settings not load,
 * the recorded request alone reaches the shop). When it cannot be recorded, she
 * is told so and still offered WhatsApp with the composed text, so nothing is lost.
 */
export function CustomOrderPage({ contact }: CustomOrderPageProps) {
  const { data: shop, isError: shopUnknown } = shopApi.useGetShopSettingsQuery(undefined);
  const ready = shop !== undefined || shopUnknown;
  const [values, setValues] = useState<CustomOrderForm>(() => initialCustomOrder(contact));
  const [problem, setProblem] = useState<{ field: CustomOrderField; message: string } | null>(null);
  const [alertOpen, setAlertOpen] = useState(false);
  const [sent, setSent] = useState<{ url: string | null } | null>(null);
  const [unrecorded, setUnrecorded] = useState<{ url: string | null; message: string } | null>(
    null,
  );
  const [sendCustomOrder, { isLoading: sending }] = useSendCustomOrderMutation();
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The success popup closes itself after 5 s (spec §2, §9).
  useEffect(() => {
    if (sent === null) return;
    const timer = setTimeout(() => setSent(null), CUSTOM_ORDER_POPUP_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  // Once the alert is closed, the field it spoke about gets the focus (after the dialog gave it back).
  const focusAfterAlert = alertOpen ? null : (problem?.field ?? null);
  useEffect(() => {
    const field = focusAfterAlert ? formRef.current?.elements.namedItem(focusAfterAlert) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [focusAfterAlert]);

  const change = (field: CustomOrderField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !ready) return;
    const found = customOrderProblem(values, shopDate(new Date()));
    setProblem(found);
    if (found) {
      setAlertOpen(true);
      return;
    }
    const url = shop ? whatsappUrl(shop.whatsapp, customOrderMessage(values)) : null;
    const result = await sendCustomOrder(values);
    if (result.error) {
      // The server refused a field: like the form's own checks, the message under it.
      const [field, message] =
        Object.entries(serverFieldErrors(result.error)).find(([name]) => isField(name)) ?? [];
      if (httpStatus(result.error) === 400 && field && isField(field) && message) {
        setProblem({ field, message });
        setAlertOpen(true);
        return;
      }
      setUnrecorded({ url, message: errorMessage(result.error, customOrderTexts.notRecorded) });
      return;
    }
    if (url) openDeepLink(url);
    setValues(initialCustomOrder(contact));
    setSent({ url });
  };

  const errorOf = (field: CustomOrderField) =>
    problem?.field === field ? problem.message : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Encomendas</h1>
        <p className={styles.lead}>
          Vai fazer uma festa? Conte para a gente o que você imagina: montamos bandejas de salgados
          e doces sob medida para aniversários, casamentos, batizados e eventos da empresa. Enviamos
          seu pedido pelo WhatsApp e respondemos com o orçamento.
        </p>
      </header>

      <form
        ref={formRef}
        className={`${form.form} ${styles.card}`}
        onSubmit={(event) => void submit(event)}
        aria-label="Encomenda"
      >
        <FormField
          label="Nome"
          name="nome"
          autoComplete="name"
          required
          value={values.nome}
          onChange={(event) => change('nome')(event.target.value)}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => change('email')(event.target.value)}
        />
        <MaskedField
          label="Telefone"
          name="telefone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 98765-4321"
          required
          mask={maskPhone}
          value={values.telefone}
          error={errorOf('telefone')}
          onChange={(event) => change('telefone')(event.target.value)}
        />
        <FormField
          label="Data do evento"
          name="dataEvento"
          type="date"
          required
          value={values.dataEvento}
          error={errorOf('dataEvento')}
          hint={`Recomendamos fazer a encomenda com ${CUSTOM_ORDER_LEAD_DAYS.min} a ${CUSTOM_ORDER_LEAD_DAYS.max} dias de antecedência.`}
          onChange={(event) => change('dataEvento')(event.target.value)}
        />
        <div className={form.field}>
          <label className={form.label} htmlFor={descriptionId}>
            Descrição
          </label>
          <textarea
            id={descriptionId}
            className={`${form.input} ${styles.textarea}`}
            name="descricao"
            rows={5}
            required
            placeholder="Quantidade de convidados, salgados e doces preferidos, tema da festa..."
            value={values.descricao}
            onChange={(event) => change('descricao')(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className={`${buttons.button} ${buttons.block}`}
          disabled={sending || !ready}
        >
          {sending ? customOrderTexts.sending : 'Enviar Encomenda pelo WhatsApp'}
        </button>
      </form>

      {alertOpen && problem ? (
        <Dialog title="Atenção" tone="error" closeLabel="OK" onClose={() => setAlertOpen(false)}>
          <p>{problem.message}</p>
        </Dialog>
      ) : null}
      {unrecorded ? (
        <Dialog
          title={customOrderTexts.notRecordedTitle}
          tone="error"
          closeLabel="Fechar"
          onClose={() => setUnrecorded(null)}
        >
          <p>{unrecorded.message}</p>
          {unrecorded.message === customOrderTexts.notRecorded ? null : (
            <p>{customOrderTexts.notRecorded}</p>
          )}
          {unrecorded.url ? (
            <p>
              <a
                className={buttons.button}
                href={unrecorded.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {customOrderTexts.sendByWhatsApp}
              </a>
            </p>
          ) : null}
        </Dialog>
      ) : null}
      {sent ? (
        <Dialog title={customOrderTexts.success} tone="success" onClose={() => setSent(null)}>
          {sent.url ? (
            <>
              <p>Abrimos o WhatsApp com os detalhes da sua encomenda. Responderemos em breve!</p>
              <p>
                Se o WhatsApp não abriu,{' '}
                <a href={sent.url} target="_blank" rel="noopener noreferrer">
                  toque aqui para enviar a mensagem
                </a>
                .
              </p>
            </>
          ) : (
            <p>{customOrderTexts.recordedOnly}</p>
          )}
        </Dialog>
      ) : null}
      <LeadTimeNotice />
    </div>
  );
}
