import { formatPhone, phoneHref } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../components/button.module.css';
import { FormField, FormMessage } from '../../components/form-field';
import form from '../../components/form.module.css';
import { ChatIcon, InstagramIcon, MailIcon, PhoneIcon, WhatsappIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { WhatsappButton } from '../../components/whatsapp-button';
import { shopMapEmbedUrl, shopMapLinkUrl } from '../../config/shop';
import { useShopSettings } from '../../hooks/use-shop-settings';
import { addressLine } from '../../lib/address-line';
import { openDeepLink, whatsappUrl } from '../../lib/whatsapp';
import {
  contactMessage,
  emptyContact,
  openingHoursText,
  type ContactForm,
} from './contact-message';
import styles from './contact-page.module.css';

/**
 * /contato (spec §2 "Contact page"): the form that opens WhatsApp, the other
 * ways in, and the map — the number, contacts, hours and place from the
 * shop's settings. Until they are known, the form waits to send and each
 * detail holds its place.
 */
export function ContactPage({ onOpenChat }: { onOpenChat: () => void }) {
  const shop = useShopSettings();
  const [values, setValues] = useState<ContactForm>(emptyContact);
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const messageId = useId();

  const change = (field: keyof ContactForm) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shop) return;
    const url = whatsappUrl(shop.whatsapp, contactMessage(values));
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
            <button type="submit" className={`${buttons.button} ${buttons.block}`} disabled={!shop}>
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
            <WhatsappButton
              message={(name) => `Olá, ${name}! Gostaria de mais informações.`}
              label="WhatsApp"
            />
            <button type="button" className={buttons.secondary} onClick={onOpenChat}>
              <ChatIcon />
              Conversar com o assistente
            </button>
            {shop?.social.instagram ? (
              <a
                className={buttons.ghost}
                href={shop.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
              >
                <InstagramIcon />
                Instagram
              </a>
            ) : null}
          </div>
          {shop ? (
            <ul className={styles.details}>
              <li>
                <a href={whatsappUrl(shop.whatsapp)} target="_blank" rel="noopener noreferrer">
                  <WhatsappIcon className={styles.icon} />
                  WhatsApp {formatPhone(shop.whatsapp)}
                </a>
              </li>
              <li>
                <a href={phoneHref(shop.phone)}>
                  <PhoneIcon className={styles.icon} />
                  {formatPhone(shop.phone)}
                </a>
              </li>
              <li>
                <a href={`mailto:${shop.email}`}>
                  <MailIcon className={styles.icon} />
                  {shop.email}
                </a>
              </li>
            </ul>
          ) : (
            <p className={styles.details}>
              <Pending width="long" />
            </p>
          )}
          <h3 className={styles.subheading}>Horário de atendimento</h3>
          <p className={styles.hours}>
            {shop ? openingHoursText(shop.openingHoursText) : <Pending width="long" />}
          </p>
        </section>
      </div>

      <section className={styles.mapSection} aria-labelledby="contato-mapa-titulo">
        <h2 id="contato-mapa-titulo" className={styles.heading}>
          Onde estamos
        </h2>
        <p className={styles.address}>
          {shop ? addressLine(shop.address) : <Pending width="long" />}
        </p>
        {shop ? (
          <>
            <iframe
              className={styles.map}
              title={`Mapa com a localização da ${shop.name}`}
              src={shopMapEmbedUrl(shop.location)}
              width="800"
              height="360"
              loading="lazy"
            />
            <a href={shopMapLinkUrl(shop.location)} target="_blank" rel="noopener noreferrer">
              Ver mapa ampliado
            </a>
          </>
        ) : (
          <div className={styles.map} />
        )}
      </section>
    </div>
  );
}
