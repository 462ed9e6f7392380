import { MINIMUM_UNITS_PER_ITEM } from '@quitute/contracts';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import { useGetScheduleQuery } from '../api/schedule-api';
import { CUSTOM_ORDER_LEAD_DAYS, LEAD_TIME_NOTICE_DELAY_MS, MINIMUM_LEAD_DAYS } from '../config/ui';
import { ChatOpenContext } from './chat-open-context';
import { Dialog } from './dialog';

/**
 * The order lead-time popup that opens shortly after the menu or custom-order
 * page loads, unless the chat is open at that moment (spec §2, §9). The lead
 * time it states is the kitchen calendar's (issue 40: GET /api/schedule), the
 * spec's two days while it loads or when it cannot be read.
 */
export function LeadTimeNotice({ delayMs = LEAD_TIME_NOTICE_DELAY_MS }: { delayMs?: number }) {
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const leadDays = useGetScheduleQuery(undefined).data?.leadDays ?? MINIMUM_LEAD_DAYS;
  const chatOpen = useContext(ChatOpenContext);
  const isChatOpen = useEffectEvent(() => chatOpen);

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = isChatOpen() ? 'closed' : 'open';
      setState((current) => (current === 'waiting' ? next : current));
    }, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  if (state !== 'open') return null;
  return (
    <Dialog title="Prazos para Pedidos" closeLabel="Entendi" onClose={() => setState('closed')}>
      <p>
        Faça seu pedido com pelo menos <strong>{leadDays} dias de antecedência</strong> para que
        tudo fique fresquinho no dia da sua festa.
      </p>
      <p>
        Para encomendas personalizadas, entre em contato com{' '}
        <strong>
          {CUSTOM_ORDER_LEAD_DAYS.min} a {CUSTOM_ORDER_LEAD_DAYS.max} dias de antecedência
        </strong>
        .
      </p>
      <p>
        Salgados e doces são vendidos a partir de {MINIMUM_UNITS_PER_ITEM} unidades de cada item.
      </p>
    </Dialog>
  );
}
