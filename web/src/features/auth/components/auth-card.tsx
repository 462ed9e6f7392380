import { useId, type ReactNode } from 'react';
import styles from './auth.module.css';

/** The frame of the account forms: a titled card, one column, thumb-size controls. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}

/** 'Redirecionando para a página inicial em 5 segundos...' */
export function redirectText(seconds: number, destination = 'a página inicial'): string {
  const unit = seconds === 1 ? 'segundo' : 'segundos';
  return `Redirecionando para ${destination} em ${seconds} ${unit}...`;
}
