import {
  audienceOf,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_STATUSES,
  notificationMessages,
  type AdminNotificationDto,
  type NotificationStatus,
} from '@quitute/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { EmailText } from '../../../components/email-text';
import { FilterSelect } from '../../../components/filter-select';
import styles from '../components/admin.module.css';
import { isAdmin, useAdminSession } from '../components/admin-session';
import { Badge } from '../components/badge';
import { MessageDialog } from '../components/message-dialog';
import { FormError, ListTable, PageRefused, PageTitle } from '../components/page-parts';
import { Pagination } from '../components/pagination';
import { useOutcome } from '../hooks/use-outcome';
import { formatDayTime } from '../model/admin-format';
import type { BadgeTone } from '../model/admin-labels';
import { adminTexts, notificationsTexts as texts } from '../model/admin-texts';
import { useGetAdminNotificationsQuery, useRetryNotificationMutation } from './notifications-api';

const STATUS_OPTIONS = [
  { value: '', label: texts.allStatuses },
  ...NOTIFICATION_STATUSES.map((status) => ({
    value: status,
    label: NOTIFICATION_STATUS_LABELS[status],
  })),
];

function statusOf(value: string): NotificationStatus | '' {
  return NOTIFICATION_STATUSES.find((status) => status === value) ?? '';
}

const STATUS_TONES: Readonly<Record<NotificationStatus, BadgeTone>> = {
  sending: 'info',
  retrying: 'warning',
  sent: 'success',
  failed: 'danger',
};

/** Who it went to: the shop, or the customer's name and e-mail (an account since deleted says so). */
function Recipient({ notification }: { notification: AdminNotificationDto }) {
  if (audienceOf(notification.kind) === 'shop') return <>{texts.shop}</>;
  const { customer } = notification;
  if (!customer) return <>{texts.noCustomer}</>;
  return (
    <>
      <Link to={`/admin/users/${encodeURIComponent(customer.id)}`}>{customer.name}</Link>
      <br />
      <EmailText email={customer.email} />
    </>
  );
}

/**
 * /admin/notificacoes (issue 41): what the shop told whom and how it went —
 * the failed ones first (the default filter), each with 'Reenviar'.
 */
export function NotificationsPage() {
  const session = useAdminSession();
  const [status, setStatus] = useState<NotificationStatus | ''>('failed');
  const [page, setPage] = useState(1);
  const list = useGetAdminNotificationsQuery({ status, page }, { skip: !isAdmin(session) });
  const [retry, retrying] = useRetryNotificationMutation();
  const { outcome, show, clear } = useOutcome();

  if (!session.hasToken || !session.user) {
    return (
      <PageRefused
        title={notificationMessages.notificationsPageTitle}
        reason={adminTexts.loginToAccess}
      />
    );
  }
  if (!isAdmin(session)) {
    return (
      <PageRefused
        title={notificationMessages.notificationsPageTitle}
        reason={adminTexts.adminsOnly}
      />
    );
  }

  const resend = async (notification: AdminNotificationDto) => {
    const result = await retry(notification.id);
    if (result.error) show('error', errorMessage(result.error, texts.retryFailed));
    else show('success', result.data ?? notificationMessages.retryRequested);
  };

  const rows = list.currentData?.notifications ?? [];
  return (
    <>
      <PageTitle>{notificationMessages.notificationsPageTitle}</PageTitle>
      <div className={styles.toolbar} role="search">
        <FilterSelect
          label={texts.statusFilter}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(statusOf(value));
            setPage(1);
          }}
        />
      </div>
      {list.error ? <FormError>{errorMessage(list.error, texts.loadFailed)}</FormError> : null}
      <ListTable
        list={list}
        rowCount={rows.length}
        loadingText={texts.loading}
        emptyText={notificationMessages.noNotifications}
        label={notificationMessages.notificationsPageTitle}
        columns={texts.columns}
      >
        {rows.map((notification) => {
          const kind = NOTIFICATION_KIND_LABELS[notification.kind];
          const when = formatDayTime(notification.createdAt);
          return (
            <tr key={notification.id}>
              <td>{when}</td>
              <td className={styles.wrap}>{kind}</td>
              <td>{NOTIFICATION_CHANNEL_LABELS[notification.channel]}</td>
              <td className={styles.wrap}>
                <Recipient notification={notification} />
              </td>
              <td>
                {notification.orderId && notification.orderNumber !== null ? (
                  <Link to={`/admin/orders/${encodeURIComponent(notification.orderId)}`}>
                    #{notification.orderNumber}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td>{notification.attempts}</td>
              <td className={styles.wrap}>{notification.lastError ?? '—'}</td>
              <td className={styles.narrow}>
                <Badge tone={STATUS_TONES[notification.status]}>
                  {NOTIFICATION_STATUS_LABELS[notification.status]}
                </Badge>
                {notification.status === 'retrying' && notification.nextAttemptAt ? (
                  <small> ({texts.nextAttempt(formatDayTime(notification.nextAttemptAt))})</small>
                ) : null}
                {notification.status === 'failed' ? (
                  <div className={styles.rowActions} data-primary-action>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={texts.retryLabel(kind, when)}
                      disabled={retrying.isLoading}
                      onClick={() => void resend(notification)}
                    >
                      {notificationMessages.retry}
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          );
        })}
      </ListTable>
      <Pagination page={page} totalPages={list.currentData?.pages ?? 1} onPage={setPage} />
      <MessageDialog outcome={outcome} onClose={clear} />
    </>
  );
}
