import { Link } from 'react-router';
import buttons from '../../components/button.module.css';
import { useDocumentTitle } from '../../hooks/use-document-title';
import styles from './status-page.module.css';

export const NOT_FOUND_TITLE = 'Página Não Encontrada';

export function NotFoundRoute() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
      <p className={styles.text}>
        O endereço que você procurou não existe ou mudou de lugar. Que tal dar uma olhada no nosso
        cardápio?
      </p>
      <div className={styles.actions}>
        <Link className={buttons.button} to="/">
          Voltar para a Página Inicial
        </Link>
        <Link className={buttons.secondary} to="/cardapio">
          Ver Cardápio
        </Link>
      </div>
    </div>
  );
}
