import { formatPhone, MINIMUM_UNITS_PER_ITEM } from '@quitute/contracts';
import { Link } from 'react-router';
import { Pending } from '../../components/pending';
import { CUSTOM_ORDER_LEAD_DAYS, MINIMUM_LEAD_DAYS } from '../../config/ui';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './legal.module.css';

/** /termos: the shop's terms of use, linked from the footer (spec §2 "Global layout"). */
export function TermsPage() {
  const shop = useShopSettings();
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>Termos de Uso</h1>
      <p>
        Estes termos valem para quem usa o site da {shop ? shop.name : <Pending width="short" />}{' '}
        para consultar o cardápio, fazer pedidos, pedir encomendas ou deixar avaliações. Ao fazer um
        pedido, você concorda com eles.
      </p>

      <h2>Pedidos</h2>
      <ul>
        <li>
          Salgados e doces são vendidos a partir de {MINIMUM_UNITS_PER_ITEM} unidades de cada item;
          os kits festa são vendidos por unidade.
        </li>
        <li>
          A data de entrega ou retirada deve ser de pelo menos {MINIMUM_LEAD_DAYS} dias a partir do
          dia do pedido, para que tudo seja preparado fresquinho.
        </li>
        <li>
          Encomendas personalizadas são combinadas pelo WhatsApp; recomendamos pedir com{' '}
          {CUSTOM_ORDER_LEAD_DAYS.min} a {CUSTOM_ORDER_LEAD_DAYS.max} dias de antecedência. O pedido
          só fica confirmado depois da nossa resposta.
        </li>
      </ul>

      <h2>Preços e pagamento</h2>
      <p>
        Os preços estão em reais (R$) e o total é calculado pelo site no momento do pedido, com base
        no cardápio vigente. Aceitamos Pix, boleto, cartão de crédito e cartão de débito. O pedido é
        preparado depois que o pagamento é aprovado; um Pix ou boleto não pago não reserva a data.
      </p>

      <h2>Retirada e entrega</h2>
      <p>
        Você escolhe retirar no local ou receber no endereço informado, na data e no horário
        agendados. Confira o endereço com atenção: ele é usado exatamente como foi digitado.
      </p>

      <h2>Sua conta</h2>
      <p>
        Você é responsável por manter sua senha em segredo e por manter seus dados de contato
        atualizados no perfil. Podemos suspender contas usadas para fraudes ou abusos.
      </p>

      <h2>Avaliações</h2>
      <p>
        As avaliações são moderadas antes de aparecerem no site e podem ser removidas se tiverem
        conteúdo ofensivo, enganoso ou sem relação com nossos produtos. Seu nome aparece junto da
        avaliação publicada.
      </p>

      <h2>Dúvidas</h2>
      <p>
        Fale com a gente pelo e-mail{' '}
        {shop ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : <Pending />}, pelo telefone{' '}
        {shop ? formatPhone(shop.phone) : <Pending />} ou pela página de{' '}
        <Link to="/contato">Contato</Link>. O tratamento dos seus dados está descrito na{' '}
        <Link to="/privacidade">Política de Privacidade</Link>.
      </p>
    </article>
  );
}
