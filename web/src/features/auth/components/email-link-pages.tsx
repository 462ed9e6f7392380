import { notificationMessages } from '@quitute/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, isConnectionError, type ApiError } from '../../../api/errors';
import { FormMessage } from '../../../components/form-field';
import type { MessageResponse } from '../api/auth-api';
import { useConfirmEmailMutation, useUnsubscribeMutation } from '../api/email-links-api';
import { selectCurrentUser } from '../auth-slice';
import { authMessages } from '../model/auth-messages';
import { emailLinkTexts } from '../model/email-link-texts';
import { AuthCard } from './auth-card';

type LinkResult = { data: MessageResponse } | { error: ApiError };

interface Answer {
  tone: 'success' | 'error';
  text: string;
}

/** The link's `?token=`, or null when it has none. */
function useLinkToken(): string | null {
  const [params] = useSearchParams();
  return params.get('token')?.trim() || null;
}

/**
 * A page an e-mail's link opens: it sends the link's token once, on load, and
 * shows the server's answer (its message, success or error) and where to go
 * next. A link without a token is refused here without asking the server.
 */
function EmailLinkPage({
  title,
  token,
  send,
  invalidText,
  doneText,
  next,
}: {
  title: string;
  token: string | null;
  send: (token: string) => PromiseLike<LinkResult>;
  /** What a link without a token reads. */
  invalidText: string;
  /** What a success reads when the server says nothing. */
  doneText: string;
  next: ReactNode;
}) {
  const [answer, setAnswer] = useState<Answer | null>(() =>
    token ? null : { tone: 'error', text: invalidText },
  );
  // Once per page: a second render (React's strict mode runs effects twice) sends nothing more.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void send(token).then((result) =>
      setAnswer(
        'error' in result
          ? {
              tone: 'error',
              text: errorMessage(
                result.error,
                isConnectionError(result.error)
                  ? authMessages.preferencesConnectionError
                  : emailLinkTexts.linkFailed,
              ),
            }
          : { tone: 'success', text: result.data.message ?? doneText },
      ),
    );
  }, [token, send, doneText]);

  return (
    <AuthCard title={title} footer={<p>{next}</p>}>
      {answer ? (
        <FormMessage tone={answer.tone}>{answer.text}</FormMessage>
      ) : (
        <FormMessage tone="info">{emailLinkTexts.processing}</FormMessage>
      )}
    </AuthCard>
  );
}

/** /confirmar-email?token= (issue 41): the link of the e-mail that confirms the account's address. */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const user = useSelector(selectCurrentUser);
  const [confirm] = useConfirmEmailMutation();
  return (
    <EmailLinkPage
      title={emailLinkTexts.confirmEmailTitle}
      token={token}
      send={confirm}
      invalidText={notificationMessages.confirmationInvalid}
      doneText={notificationMessages.emailConfirmed}
      next={user ? <Link to="/perfil">Meu perfil</Link> : <Link to="/">Início</Link>}
    />
  );
}

/** /descadastrar?token= (issue 41): an e-mail's one-click unsubscribe, opened in the browser. */
export function UnsubscribePage() {
  const token = useLinkToken();
  const [unsubscribe] = useUnsubscribeMutation();
  return (
    <EmailLinkPage
      title={emailLinkTexts.unsubscribeTitle}
      token={token}
      send={unsubscribe}
      invalidText={notificationMessages.unsubscribeInvalid}
      doneText={notificationMessages.unsubscribed}
      next={<Link to="/preferences">Preferências de notificação</Link>}
    />
  );
}
