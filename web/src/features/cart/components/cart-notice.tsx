import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { noticeDismissed, selectCartNotice } from '../cart-slice';
import { noticePlacement, type NoticePlacement } from '../model/notice-placement';
import styles from './cart-notice.module.css';

/** What else the toast must not cover, besides the button it answers. */
const TOAST_KEEPS_CLEAR = '[data-toast-keeps-clear]';

/** The room kept between the toast and the button it answers, in CSS pixels. */
const TRIGGER_GAP_PX = 8;

/**
 * The cart's messages (added, offline, synced, errors) wherever the customer
 * is: a login's sync finishes on whatever page they went to. Errors are
 * alerts; the rest is read out politely. Each clears itself (cart-flows.ts).
 * It stands at the foot of the screen, or under the header when there it would
 * cover the button just pressed or a bar marked `data-toast-keeps-clear` (issue 36).
 */
export function CartNotice() {
  const notice = useSelector(selectCartNotice);
  const dispatch = useDispatch();
  const regionRef = useRef<HTMLDivElement>(null);
  /** The control the customer pressed last: the one a new message answers. */
  const pressed = useRef<Element | null>(null);
  /** How far above the screen's foot the toast stands there, as the stylesheet puts it. */
  const footGap = useRef(0);
  const [placement, setPlacement] = useState<NoticePlacement>('bottom');

  useEffect(() => {
    // Capture: seen before the button's own handler adds to the cart.
    const onClick = (event: MouseEvent) => {
      pressed.current =
        event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  const place = useEffectEvent(() => {
    const region = regionRef.current;
    if (!region) return;
    const box = region.getBoundingClientRect();
    if (placement === 'bottom') footGap.current = window.innerHeight - box.bottom;
    const footBottom = window.innerHeight - footGap.current;
    const trigger = pressed.current?.isConnected ? pressed.current.getBoundingClientRect() : null;
    pressed.current = null;
    // Bars at the foot another feature draws (the cookie banner) mark themselves.
    const footBars = [...document.querySelectorAll(TOAST_KEEPS_CLEAR)].map((bar) =>
      bar.getBoundingClientRect(),
    );
    setPlacement(
      noticePlacement(
        trigger ? [trigger, ...footBars] : footBars,
        { top: footBottom - box.height, bottom: footBottom },
        TRIGGER_GAP_PX,
      ),
    );
  });

  const noticeId = notice?.id ?? null;
  // Before the paint: the toast never shows over the button, not even for a frame.
  useLayoutEffect(() => {
    if (noticeId !== null) place();
  }, [noticeId]);

  const close = notice ? (
    <button
      type="button"
      className={styles.close}
      aria-label="Fechar mensagem"
      onClick={() => dispatch(noticeDismissed(notice.id))}
    >
      <CloseIcon width={18} height={18} />
    </button>
  ) : null;
  return (
    <div ref={regionRef} className={`${styles.region} ${placement === 'top' ? styles.top : ''}`}>
      <div aria-live="polite">
        {notice && notice.tone !== 'error' ? (
          <p key={notice.id} className={`${styles.toast} ${styles[notice.tone]}`}>
            {notice.tone === 'success' ? <CheckIcon className={styles.icon} /> : null}
            <span className={styles.text}>{notice.text}</span>
            {close}
          </p>
        ) : null}
      </div>
      {notice?.tone === 'error' ? (
        <p key={notice.id} className={`${styles.toast} ${styles.error}`} role="alert">
          <span className={styles.text}>{notice.text}</span>
          {close}
        </p>
      ) : null}
    </div>
  );
}
