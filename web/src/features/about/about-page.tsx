import { formatPhone } from '@quitute/contracts';
import buttons from '../../components/button.module.css';
import { ChatIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { WhatsappButton } from '../../components/whatsapp-button';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './about-page.module.css';

/** /sobre (spec §2): the story, and the WhatsApp and chatbot buttons; the contacts from the shop's settings. */
export function AboutPage({ onOpenChat }: { onOpenChat: () => void }) {
  const shop = useShopSettings();
  return (
    <div className={styles.page}>
      <article className={styles.story}>
        <h1 className={styles.title}>Nossa História</h1>
        <p className={styles.lead}>
          A {shop ? shop.name : <Pending width="short" />} nasceu numa cozinha de família, entre
          cadernos de receitas da avó e encomendas para os aniversários da vizinhança.
        </p>
        <p>
          O que começou com algumas bandejas de coxinhas e brigadeiros virou uma pequena confeitaria
          de bairro. A receita continua a mesma: massa feita no dia, recheios generosos, chocolate
          de verdade e cada docinho enrolado à mão.
        </p>
        <p>
          Hoje preparamos salgados fritos e assados, doces tradicionais e finos e kits completos
          para festas de todos os tamanhos. Cada pedido é produzido sob encomenda, para chegar
          fresquinho à sua mesa.
        </p>
        <div className={styles.contact}>
          <h2>Fale com a gente</h2>
          <p>
            Tire dúvidas, peça sugestões para a sua festa ou combine uma encomenda especial pelo
            WhatsApp {shop ? formatPhone(shop.whatsapp) : <Pending />} ou pelo e-mail{' '}
            {shop ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : <Pending />}. Prefere uma
            resposta na hora? Nosso assistente virtual conhece o cardápio, os preços e os prazos.
          </p>
          <div className={styles.actions}>
            <WhatsappButton
              message={(name) => `Olá, ${name}! Gostaria de saber mais sobre os doces e salgados.`}
            />
            <button type="button" className={buttons.secondary} onClick={onOpenChat}>
              <ChatIcon />
              Conversar com o assistente
            </button>
          </div>
        </div>
      </article>
    </div>
  );
}
