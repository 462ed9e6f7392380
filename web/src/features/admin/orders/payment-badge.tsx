import { Badge } from '../components/badge';
import { paymentStatusLabel, paymentStatusTone } from '../model/admin-labels';

const ICONS: Readonly<Record<string, string>> = {
  approved: '✔',
  pending: '◔',
  in_review: '◔',
  rejected: '✖',
  cancelled: '⊘',
  refunded: '↩',
  charged_back: '↩',
};

/** The payment status with its icon (admin-spec §2); read-only in the admin area (§4). */
export function PaymentBadge({ status }: { status: string }) {
  return (
    <Badge tone={paymentStatusTone(status)}>
      {/* A no-break space: the icon never stands alone on a line above its word. */}
      <span aria-hidden="true">{ICONS[status] ?? '?'}</span>
      {'\u00a0'}
      {paymentStatusLabel(status)}
    </Badge>
  );
}
