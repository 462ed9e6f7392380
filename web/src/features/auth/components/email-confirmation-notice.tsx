import { notificationMessages } from '@quitute/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import { FormMessage } from '../../../components/form-field';
import {
  useGetEmailConfirmedQuery,
  useResendEmailConfirmationMutation,
} from '../api/email-confirmation-api';
import { emailConfirmationTexts } from '../model/email-confirmation-texts';
import styles from './profile-page.module.css';

/**
 * Issue 41: while the account's e-mail is not confirmed, no message about her
 * orders goes to it; the notice says so and sends the link again. The profile
 * is read on each visit, so a link followed meanwhile hides it.
 */
export function EmailConfirmationNotice() {
  const { data: confirmed } = useGetEmailConfirmedQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [resend, { isLoading }] = useResendEmailConfirmationMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (confirmed !== false) return null;

  const onResend = async () => {
    setResult(null);
    const response = await resend(undefined);
    setResult(
      response.error
        ? {
            tone: 'error',
            text: errorMessage(response.error, emailConfirmationTexts.resendFailed),
          }
        : {
            tone: 'success',
            text: response.data.message ?? notificationMessages.confirmationSent,
          },
    );
  };

  return (
    <div className={styles.notice}>
      <p className={styles.noticeText}>{notificationMessages.emailNotConfirmed}</p>
      <button
        type="button"
        className={buttons.secondary}
        disabled={isLoading}
        onClick={() => void onResend()}
      >
        {isLoading ? emailConfirmationTexts.sending : notificationMessages.resendConfirmation}
      </button>
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
    </div>
  );
}
