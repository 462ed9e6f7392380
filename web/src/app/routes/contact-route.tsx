import { ContactPage } from '../../features/contact/contact-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useOpenChat } from '../layout/chat-controls';

/** /contato: its chatbot button opens the layout's chat window. */
export function ContactRoute() {
  useDocumentTitle('Contato');
  return <ContactPage onOpenChat={useOpenChat()} />;
}
