import { useId, type ReactNode, type Ref } from 'react';
import styles from './auth.module.css';

/** The frame of the account forms: a titled card, one column, thumb-size controls. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  titleRef,
}: {
  title: string;
  /** A page that brings the card into view (lib/reveal.ts) focuses its title. */
  titleRef?: Ref<HTMLHeadingElement>;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
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
