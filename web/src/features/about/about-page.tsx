import { MINIMUM_UNITS_PER_ITEM } from '@quitute/contracts';
import { WhatsappButton } from '../../components/whatsapp-button';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../../config/shop';
import { CUSTOM_ORDER_LEAD_DAYS, MINIMUM_LEAD_DAYS } from '../../config/ui';
import styles from './about-page.module.css';

export function AboutPage() {
  return (
    <div className={styles.page}>
      <article className={styles.story}>
        <h1 className={styles.title}>Nossa História</h1>
        <p className={styles.lead}>
          A Quitute nasceu numa cozinha de família, entre cadernos de receitas da avó e encomendas
          para os aniversários da vizinhança.
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
            WhatsApp {CONTACT_PHONE} ou pelo e-mail{' '}
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
          </p>
          <WhatsappButton text="Olá, Quitute! Gostaria de saber mais sobre os doces e salgados." />
        </div>
      </article>

      <section id="termos" className={styles.legal} aria-labelledby="termos-titulo">
        <h2 id="termos-titulo">Termos de Uso</h2>
        <p>
          Os pedidos devem ser feitos com pelo menos {MINIMUM_LEAD_DAYS} dias de antecedência, e
          salgados e doces são vendidos a partir de {MINIMUM_UNITS_PER_ITEM} unidades por item.
          Encomendas personalizadas devem ser combinadas com {CUSTOM_ORDER_LEAD_DAYS.min} a{' '}
          {CUSTOM_ORDER_LEAD_DAYS.max} dias de antecedência.
        </p>
        <p>
          Os preços são exibidos em reais (R$) e podem mudar sem aviso prévio; vale o preço do
          momento em que o pedido é confirmado.
        </p>
      </section>

      <section id="privacidade" className={styles.legal} aria-labelledby="privacidade-titulo">
        <h2 id="privacidade-titulo">Política de Privacidade</h2>
        <p>
          Usamos seus dados (nome, contato e endereço) apenas para preparar, entregar e acompanhar
          seus pedidos. Não vendemos nem compartilhamos suas informações com terceiros além do
          necessário para o pagamento e a entrega.
        </p>
        <p>
          Para consultar, corrigir ou excluir seus dados, escreva para{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </section>
    </div>
  );
}
