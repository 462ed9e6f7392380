import { ConfirmEmailPage, UnsubscribePage } from '../../features/auth/components/email-link-pages';
import { emailLinkTexts } from '../../features/auth/model/email-link-texts';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /confirmar-email (contracts' CONFIRM_EMAIL_PATH). */
export function ConfirmEmailRoute() {
  useDocumentTitle(emailLinkTexts.confirmEmailTitle);
  return <ConfirmEmailPage />;
}

/** /descadastrar (contracts' UNSUBSCRIBE_PATH). */
export function UnsubscribeRoute() {
  useDocumentTitle(emailLinkTexts.unsubscribeTitle);
  return <UnsubscribePage />;
}
