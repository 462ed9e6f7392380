import { Link } from 'react-router';
import { COOKIE_CONSENT_DAYS } from '@quitute/contracts';
import { Pending } from '../../components/pending';
import { useShopSettings } from '../../hooks/use-shop-settings';
import styles from './legal.module.css';

/** /privacidade: what the shop keeps and why, cookies, and the LGPD rights (spec §2 "Global layout"). */
export function PrivacyPage() {
  const shop = useShopSettings();
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>Política de Privacidade</h1>
      <p>
        A {shop ? shop.name : <Pending width="short" />} trata seus dados pessoais de acordo com a
        Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018), só para o que está descrito aqui.
      </p>

      <h2>Dados que guardamos</h2>
      <ul>
        <li>
          <strong>Conta:</strong> nome, e-mail, telefone, endereço e preferências de notificação. A
          senha é guardada apenas em forma cifrada (não conseguimos lê-la).
        </li>
        <li>
          <strong>Pedidos:</strong> itens, valores, forma de entrega, data agendada, endereço e a
          situação do pagamento, para preparar, entregar e acompanhar cada pedido.
        </li>
        <li>
          <strong>Pagamento:</strong> nome completo, CPF e, para boleto ou entrega, o endereço,
          enviados ao provedor de pagamento para gerar o Pix ou o boleto ou processar o cartão. Os
          dados do cartão são digitados no formulário do provedor e nunca passam pelos nossos
          servidores.
        </li>
        <li>
          <strong>Avaliações:</strong> a nota, o comentário e o seu nome, que aparece junto da
          avaliação publicada.
        </li>
        <li>
          <strong>Chat:</strong> as mensagens enviadas ao assistente do site, usadas apenas para
          respondê-las. Se você estiver conectado, o assistente pode consultar o seu último pedido
          para informar a situação dele — nunca o de outra pessoa.
        </li>
      </ul>
      <p>
        Os formulários de encomenda e de contato não são guardados por nós: eles abrem o WhatsApp
        com a sua mensagem, e a conversa segue por lá.
      </p>

      <h2>Cookies e armazenamento local</h2>
      <p>
        Usamos o armazenamento do seu navegador para manter o carrinho (também sem conexão) e a sua
        sessão. Guardamos ainda a sua escolha sobre cookies, no navegador e em um cookie que vale{' '}
        {COOKIE_CONSENT_DAYS} dias; quando você aceita, registramos o aceite no nosso servidor, que
        guarda um cookie próprio para reconhecer o registro deste navegador. Não usamos cookies de
        publicidade nem de rastreamento de terceiros.
      </p>

      <h2>Com quem compartilhamos</h2>
      <p>
        Com o provedor de pagamento, no que for necessário para cobrar o pedido, e, quando o
        assistente do chat é atendido por um serviço externo, com esse serviço (somente as mensagens
        do chat). Não vendemos nem cedemos seus dados.
      </p>

      <h2>Seus direitos</h2>
      <p>Pela LGPD, você pode pedir a qualquer momento:</p>
      <ul>
        <li>a confirmação de que tratamos seus dados e o acesso a eles;</li>
        <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários;</li>
        <li>a portabilidade dos dados e a informação sobre com quem os compartilhamos;</li>
        <li>a revogação do consentimento dado.</li>
      </ul>
      <p>
        Nome, telefone e endereço podem ser corrigidos no seu <Link to="/perfil">perfil</Link>. Para
        os demais pedidos, escreva para{' '}
        {shop ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : <Pending />}; respondemos em até
        15 dias.
      </p>
    </article>
  );
}
