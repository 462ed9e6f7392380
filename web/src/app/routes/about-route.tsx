import { AboutPage } from '../../features/about/about-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useOpenChat } from '../layout/chat-controls';

/** /sobre: its chatbot button opens the layout's chat window. */
export function AboutRoute() {
  useDocumentTitle('Sobre');
  return <AboutPage onOpenChat={useOpenChat()} />;
}
