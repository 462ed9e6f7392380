import { DEFAULT_OPENING_HOURS, formatPhone, phoneHref } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../components/button.module.css';
import { FormField, FormMessage } from '../../components/form-field';
import form from '../../components/form.module.css';
import { ChatIcon, InstagramIcon, MailIcon, PhoneIcon } from '../../components/icons';
import { WhatsappButton } from '../../components/whatsapp-button';
import {
  CONTACT_EMAIL,
  CONTACT_PHONE,
  SHOP_ADDRESS,
  shopMapEmbedUrl,
  shopMapLinkUrl,
  SOCIAL_LINKS,
} from '../../config/shop';
import { openDeepLink, whatsappUrl } from '../../lib/whatsapp';
import {
  contactMessage,
  emptyContact,
  openingHoursText,
  type ContactForm,
} from './contact-message';
import styles from './contact-page.module.css';

const INSTAGRAM = SOCIAL_LINKS[0];

const PHONE_HREF = phoneHref(CONTACT_PHONE);

/** /contato (spec §2 "Contact page"): the form that opens WhatsApp, the other ways in, and the map. */
export function ContactPage({ onOpenChat }: { onOpenChat: () => void }) {
  const [values, setValues] = useState<ContactForm>(emptyContact);
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const messageId = useId();

  const change = (field: keyof ContactForm) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = whatsappUrl(contactMessage(values));
    openDeepLink(url);
    setValues(emptyContact);
    setSentUrl(url);
  };

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Contato</h1>
        <p className={styles.lead}>
          Dúvidas sobre o cardápio, um orçamento para a sua festa ou uma sugestão? Fale com a gente
          pelo canal que preferir.
        </p>
      </header>

      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="contato-form-titulo">
          <h2 id="contato-form-titulo" className={styles.heading}>
            Envie uma mensagem
          </h2>
          <form className={form.form} onSubmit={submit} aria-label="Mensagem">
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
            <div className={form.field}>
              <label className={form.label} htmlFor={messageId}>
                Mensagem
              </label>
              <textarea
                id={messageId}
                className={`${form.input} ${styles.textarea}`}
                name="mensagem"
                rows={5}
                required
                value={values.mensagem}
                onChange={(event) => change('mensagem')(event.target.value)}
              />
            </div>
            <button type="submit" className={`${buttons.button} ${buttons.block}`}>
              Enviar pelo WhatsApp
            </button>
            {sentUrl ? (
              <FormMessage tone="success">
                Abrimos o WhatsApp com a sua mensagem. Se ele não abriu,{' '}
                <a href={sentUrl} target="_blank" rel="noopener noreferrer">
                  toque aqui
                </a>
                .
              </FormMessage>
            ) : null}
          </form>
        </section>

        <section className={styles.card} aria-labelledby="contato-canais-titulo">
          <h2 id="contato-canais-titulo" className={styles.heading}>
            Outros canais
          </h2>
          <div className={styles.channels}>
            <WhatsappButton text="Olá, Quitute! Gostaria de mais informações." label="WhatsApp" />
            <button type="button" className={buttons.secondary} onClick={onOpenChat}>
              <ChatIcon />
              Conversar com o assistente
            </button>
            <a
              className={buttons.ghost}
              href={INSTAGRAM.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <InstagramIcon />
              {INSTAGRAM.name}
            </a>
          </div>
          <ul className={styles.details}>
            <li>
              <a href={PHONE_HREF}>
                <PhoneIcon className={styles.icon} />
                {formatPhone(CONTACT_PHONE)}
              </a>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <MailIcon className={styles.icon} />
                {CONTACT_EMAIL}
              </a>
            </li>
          </ul>
          <h3 className={styles.subheading}>Horário de atendimento</h3>
          <p className={styles.hours}>{openingHoursText(DEFAULT_OPENING_HOURS)}</p>
        </section>
      </div>

      <section className={styles.mapSection} aria-labelledby="contato-mapa-titulo">
        <h2 id="contato-mapa-titulo" className={styles.heading}>
          Onde estamos
        </h2>
        <p className={styles.address}>{SHOP_ADDRESS}</p>
        <iframe
          className={styles.map}
          title="Mapa com a localização da Quitute"
          src={shopMapEmbedUrl()}
          width="800"
          height="360"
          loading="lazy"
        />
        <a href={shopMapLinkUrl()} target="_blank" rel="noopener noreferrer">
          Ver mapa ampliado
        </a>
      </section>
    </div>
  );
}
