import { maskPhone, shopDate } from '@quitute/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import buttons from '../../components/button.module.css';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import form from '../../components/form.module.css';
import { MaskedField } from '../../components/masked-field';
import { LeadTimeNotice } from '../../components/lead-time-notice';
import { CUSTOM_ORDER_LEAD_DAYS, CUSTOM_ORDER_POPUP_MS } from '../../config/ui';
import { openDeepLink, whatsappUrl } from '../../lib/whatsapp';
import {
  customOrderMessage,
  customOrderProblem,
  customOrderTexts,
  emptyCustomOrder,
  type CustomOrderField,
  type CustomOrderForm,
} from './custom-order';
import styles from './custom-order-page.module.css';

/** /encomendas (spec §2 "Custom order form", §5). */
export function CustomOrderPage() {
  const [values, setValues] = useState<CustomOrderForm>(emptyCustomOrder);
  const [problem, setProblem] = useState<{ field: CustomOrderField; message: string } | null>(null);
  const [alertOpen, setAlertOpen] = useState(false);
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const descriptionId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // The success popup closes itself after 5 s (spec §2, §9).
  useEffect(() => {
    if (sentUrl === null) return;
    const timer = setTimeout(() => setSentUrl(null), CUSTOM_ORDER_POPUP_MS);
    return () => clearTimeout(timer);
  }, [sentUrl]);

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = customOrderProblem(values, shopDate(new Date()));
    setProblem(found);
    if (found) {
      setAlertOpen(true);
      return;
    }
    const url = whatsappUrl(customOrderMessage(values));
    openDeepLink(url);
    setValues(emptyCustomOrder);
    setSentUrl(url);
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
        onSubmit={submit}
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
        <button type="submit" className={`${buttons.button} ${buttons.block}`}>
          Enviar Encomenda pelo WhatsApp
        </button>
      </form>

      {alertOpen && problem ? (
        <Dialog title="Atenção" tone="error" closeLabel="OK" onClose={() => setAlertOpen(false)}>
          <p>{problem.message}</p>
        </Dialog>
      ) : null}
      {sentUrl ? (
        <Dialog title={customOrderTexts.success} tone="success" onClose={() => setSentUrl(null)}>
          <p>Abrimos o WhatsApp com os detalhes da sua encomenda. Responderemos em breve!</p>
          <p>
            Se o WhatsApp não abriu,{' '}
            <a href={sentUrl} target="_blank" rel="noopener noreferrer">
              toque aqui para enviar a mensagem
            </a>
            .
          </p>
        </Dialog>
      ) : null}
      <LeadTimeNotice />
    </div>
  );
}
