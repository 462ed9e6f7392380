import { Link, useRouteError } from 'react-router';
import buttons from '../../components/button.module.css';
import styles from './status-page.module.css';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>Algo deu errado</h1>
      <p className={styles.text}>
        Não foi possível mostrar esta página. Verifique sua conexão e tente novamente.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => window.location.reload()}
        >
          Tentar Novamente
        </button>
        <Link className={buttons.button} to="/">
          Voltar para a Página Inicial
        </Link>
      </div>
    </div>
  );
}
