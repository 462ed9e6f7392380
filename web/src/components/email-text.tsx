import { Fragment } from 'react';

/**
 * An e-mail address that may break after its '@' and dots: a long one wraps
 * where people expect ('maria.aparecida@' / 'provedor.com.br') instead of in
 * the middle of a word (the cell's overflow-wrap stays the last resort).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
