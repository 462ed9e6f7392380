import { useSelector } from 'react-redux';
import { selectIsOnline } from './connectivity-slice';
import styles from './offline-banner.module.css';

export const OFFLINE_MESSAGE =
  'Você está offline. Os itens serão sincronizados com o servidor quando a conexão voltar.';

export function OfflineBanner() {
  const online = useSelector(selectIsOnline);
  return (
    <div role="status" aria-live="polite">
      {online ? null : <p className={styles.banner}>{OFFLINE_MESSAGE}</p>}
    </div>
  );
}
